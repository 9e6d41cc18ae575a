/**
 * The three static blog posts (docs/product.md, Screens). Their words live in the translation files
 * under blog.posts.<key>; here is only what does not change with the language: the address,
 * the date and the order of headings (`h…`) and paragraphs (`p…`) in the article.
 */
export interface BlogPost {
  slug: string;
  key: string;
  /** Publication date, YYYY-MM-DD. */
  published: string;
  /** Estimated reading time in minutes. */
  minutes: number;
  blocks: readonly string[];
}

export const blogPosts: readonly BlogPost[] = [
  {
    slug: 'build-a-study-routine',
    key: 'studyRoutine',
    published: '2025-01-13',
    minutes: 5,
    blocks: ['p1', 'p2', 'h1', 'p3', 'p4', 'h2', 'p5', 'p6', 'h3', 'p7', 'p8'],
  },
  {
    slug: 'top-ai-tools-for-students',
    key: 'aiTools',
    published: '2025-02-03',
    minutes: 6,
    blocks: ['p1', 'p2', 'h1', 'p3', 'h2', 'p4', 'h3', 'p5', 'h4', 'p6', 'h5', 'p7', 'p8'],
  },
  {
    slug: 'success-stories',
    key: 'successStories',
    published: '2025-03-10',
    minutes: 5,
    blocks: ['p1', 'h1', 'p2', 'p3', 'h2', 'p4', 'p5', 'h3', 'p6', 'p7', 'h4', 'p8'],
  },
];

/** The post at /blog/{slug}, if there is one. */
export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
