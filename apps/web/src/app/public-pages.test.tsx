import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { blogPosts } from '@/features/blog/posts';
import { loadAppAt, testSite as site } from '@/testing/app';
import { jsonResponse } from '@/testing/render';

describe('public pages', () => {
  // Each screen loads on first visit: loaded once ahead, each test times the screen itself.
  beforeAll(async () => {
    await Promise.all([
      import('./pages/blog-page'),
      import('./pages/blog-post-page'),
      import('./pages/home-page'),
      import('./pages/contact-page'),
    ]);
  });
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/site' ? jsonResponse(site) : jsonResponse({ message: 'No', code: 'x' }, 404),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the three posts on /blog, each linking to its own article page', async () => {
    loadAppAt('/blog');
    await screen.findByRole('heading', { level: 1, name: 'The StudyBuddy blog' });
    const titles = [
      'How to build a study routine that actually sticks',
      'Top AI tools for students, and how to use them well',
      'Success stories: three ways students plan with StudyBuddy',
    ];
    for (const [index, title] of titles.entries()) {
      const link = screen.getByRole('link', { name: title });
      expect(link.getAttribute('href')).toBe(`/blog/${blogPosts[index]?.slug}`);
    }
    // Dates in the app's short form, like every list.
    expect(screen.getByText('Jan 13, 2025').getAttribute('dateTime')).toBe('2025-01-13');
    expect(blogPosts.map((p) => p.slug)).toEqual([
      'build-a-study-routine',
      'top-ai-tools-for-students',
      'success-stories',
    ]);
  });

  it('opens an article from the blog and shows its full text', async () => {
    const user = userEvent.setup();
    const router = loadAppAt('/blog');
    await user.click(await screen.findByRole('link', { name: /^Success stories/ }));
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'Success stories: three ways students plan with StudyBuddy',
    });
    expect(router.state.location.pathname).toBe('/blog/success-stories');
    const article = title.closest('article') as HTMLElement;
    expect(within(article).getAllByRole('paragraph').length).toBeGreaterThanOrEqual(8);
    // Illustrative, not presented as real people.
    expect(article.textContent).toContain('illustrative examples, not real people');
    expect(within(article).getByText('Mar 10, 2025').getAttribute('dateTime')).toBe('2025-03-10');
  });

  it.each(blogPosts.map((p) => p.slug))('renders /blog/%s as an article', async (slug) => {
    loadAppAt(`/blog/${slug}`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.closest('article')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/blog');
  });

  it('sends an unknown post back to the blog', async () => {
    const router = loadAppAt('/blog/no-such-post');
    await screen.findByRole('heading', { level: 1, name: 'The StudyBuddy blog' });
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('shows the footer links this server configures', async () => {
    loadAppAt('/about');
    await screen.findByRole('heading', { level: 1, name: 'About StudyBuddy' });
    const footer = screen.getByRole('contentinfo');
    const support = await within(footer).findByRole('link', {
      name: 'Support: help@school.example',
    });
    expect(support.getAttribute('href')).toBe('mailto:help@school.example');
    expect(
      within(footer).getByRole('link', { name: 'Join the community' }).getAttribute('href'),
    ).toBe(site.socialUrl);
    expect(within(footer).getByRole('link', { name: 'Source code' }).getAttribute('href')).toBe(
      site.codeUrl,
    );
  });

  it('gives the contact page the support e-mail, the community chat and the 24-hour promise', async () => {
    loadAppAt('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    const main = screen.getByRole('main');
    await within(main).findByRole('link', { name: 'help@school.example' });
    expect(
      within(main).getByRole('link', { name: 'help@school.example' }).getAttribute('href'),
    ).toBe('mailto:help@school.example');
    expect(
      within(main).getByRole('link', { name: 'Join the community chat' }).getAttribute('href'),
    ).toBe(site.communityUrl);
    expect(within(main).getByText('We usually reply within 24 hours.')).toBeTruthy();
  });

  it('links the landing page to register, login and the three feature targets', async () => {
    loadAppAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Login' }).getAttribute('href'),
    ).toBe('/login');
    expect(screen.getByRole('link', { name: /Ask the assistant/ }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: /Plan my weeks/ }).getAttribute('href')).toBe(
      '/smart-scheduler/setup',
    );
    expect(screen.getByRole('link', { name: /See my progress/ }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});
