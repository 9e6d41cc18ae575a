import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { PushDevicesCard } from './push-devices-card';

/** A P-256 public key as the server sends it: 65 bytes, base64url. */
const VAPID =
  'BAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc';

interface Server {
  devices: Array<{ id: number; label: string | null; createdAt: string; lastSuccessAt: null }>;
  posted: unknown[];
  deleted: string[];
}

/** The server's push routes, answered in memory. */
function fakeServer(devices: Server['devices'] = []): Server {
  const server: Server = { devices: [...devices], posted: [], deleted: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/api/push/public-key')) return jsonResponse({ publicKey: VAPID });
      if (url.endsWith('/api/push/subscriptions') && method === 'GET')
        return jsonResponse({ items: server.devices });
      if (url.endsWith('/api/push/subscriptions') && method === 'POST') {
        server.posted.push(JSON.parse(String(init?.body)));
        const device = {
          id: 9,
          label: 'Chrome on Android',
          createdAt: '2026-12-03T08:00:00.000Z',
          lastSuccessAt: null,
        };
        server.devices.push(device);
        return jsonResponse(device, 201);
      }
      if (method === 'DELETE') {
        server.deleted.push(url);
        const id = Number(url.split('/').pop());
        server.devices = server.devices.filter((d) => d.id !== id);
        return new Response(null, { status: 204 });
      }
      return jsonResponse({}, 200);
    }),
  );
  return server;
}

/** A browser with the Push API: a subscription made by `subscribe`, or refused by it. */
function fakeBrowser(opts: { permission: NotificationPermission; subscribeFails?: boolean }) {
  let subscription: {
    endpoint: string;
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const pushManager = {
    subscribe: vi.fn(async () => {
      if (opts.subscribeFails) throw new DOMException('Registration failed', 'AbortError');
      subscription = {
        endpoint: 'https://push.example.net/send/abc',
        toJSON: () => ({
          endpoint: 'https://push.example.net/send/abc',
          keys: { p256dh: 'BPk', auth: 'au' },
        }),
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      };
      return subscription;
    }),
    getSubscription: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(() => undefined, { requestPermission: vi.fn(async () => opts.permission) }),
  );
  return pushManager;
}

const turnOn = { name: 'Turn on for this device' };

describe('PushDevicesCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes this browser with the server key and lists it as this device', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const pushManager = fakeBrowser({ permission: 'granted' });
    renderWithProviders(<PushDevicesCard />);
    await screen.findByText('No device gets push reminders yet.');
    await user.click(await screen.findByRole('button', turnOn));
    await screen.findByText('Push reminders are on for this device.');
    const [call] = pushManager.subscribe.mock.calls as unknown as [[PushSubscriptionOptionsInit]];
    expect(call[0].userVisibleOnly).toBe(true);
    expect((call[0].applicationServerKey as Uint8Array).length).toBe(65);
    expect(server.posted).toEqual([
      { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'BPk', auth: 'au' } },
    ]);
    expect(await screen.findByText('(this device)')).toBeTruthy();
    // Off again: the server forgets it and the browser drops its subscription.
    await user.click(screen.getByRole('button', { name: 'Turn off for this device' }));
    await screen.findByText('No device gets push reminders yet.');
    expect(server.deleted).toEqual(['/api/push/subscriptions/9']);
    expect(await pushManager.getSubscription()).toBeNull();
  });

  it('says notifications are blocked, and stores nothing, when permission is refused', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const pushManager = fakeBrowser({ permission: 'denied' });
    renderWithProviders(<PushDevicesCard />);
    await user.click(await screen.findByRole('button', turnOn));
    await screen.findByText(/Notifications are blocked for this site/);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.posted).toEqual([]);
  });

  it('says so when the browser’s push service cannot be reached', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    fakeBrowser({ permission: 'granted', subscribeFails: true });
    renderWithProviders(<PushDevicesCard />);
    await user.click(await screen.findByRole('button', turnOn));
    await screen.findByText("This browser's push service could not be reached. Try again later.");
    expect(server.posted).toEqual([]);
  });

  it('removes another device and says where push is not supported', async () => {
    const user = userEvent.setup();
    const server = fakeServer([
      {
        id: 4,
        label: 'Firefox on Linux',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastSuccessAt: null,
      },
    ]);
    renderWithProviders(<PushDevicesCard />);
    expect(await screen.findByText(/cannot get push notifications/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Remove Firefox on Linux' }));
    await screen.findByText('No device gets push reminders yet.');
    expect(server.deleted).toEqual(['/api/push/subscriptions/4']);
  });
});
