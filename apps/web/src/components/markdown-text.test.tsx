import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MarkdownText } from './markdown-text';

describe('MarkdownText', () => {
  it('shows the real host beside a link to another site and names it for screen readers', () => {
    renderWithProviders(
      <MarkdownText>
        {'Oops. [Session expired, log in here](https://evil.example/login "Your school")'}
      </MarkdownText>,
    );
    const link = screen.getByRole('link', {
      name: 'Session expired, log in here (evil.example, opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe('https://evil.example/login');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.hasAttribute('title')).toBe(false);
    const host = link.querySelector('.model-link__host');
    expect(host?.textContent).toBe('(evil.example ↗, opens in a new tab)');
    expect(host?.querySelector('[aria-hidden="true"]')?.textContent).toBe(' ↗');
  });

  it('shows the host a userinfo or protocol-relative link really goes to', () => {
    renderWithProviders(
      <MarkdownText>
        {`[a](https://${window.location.host}@evil.example/) and [b](//evil.example/x)`}
      </MarkdownText>,
    );
    expect(
      screen.getAllByRole('link').map((l) => l.querySelector('.model-link__host')?.textContent),
    ).toEqual(['(evil.example ↗, opens in a new tab)', '(evil.example ↗, opens in a new tab)']);
  });

  it('makes javascript: and other schemes plain text', () => {
    const { container } = renderWithProviders(
      <MarkdownText>
        {
          '[Click me](javascript:alert(1)) and [chat](irc://irc.example/x) and [x](data:text/html,hi)'
        }
      </MarkdownText>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('Click me and chat and x');
  });

  it('shows the address of a mailto link', () => {
    renderWithProviders(<MarkdownText>{'[Write to us](mailto:help@evil.example)'}</MarkdownText>);
    const link = screen.getByRole('link', { name: 'Write to us (help@evil.example)' });
    expect(link.getAttribute('href')).toBe('mailto:help@evil.example');
  });

  it('leaves links to our own pages without a host', () => {
    renderWithProviders(<MarkdownText>{'See [your plans](/plans).'}</MarkdownText>);
    const link = screen.getByRole('link', { name: 'your plans' });
    expect(link.getAttribute('href')).toBe('/plans');
    expect(link.querySelector('.model-link__host')).toBeNull();
  });

  it('renders no image', () => {
    const { container } = renderWithProviders(
      <MarkdownText>{'Look: ![chart](https://evil.example/pixel.png)'}</MarkdownText>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
