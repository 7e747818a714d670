/**
 * Curated feed bundles shown on /combo. Real, public feeds chosen for being long-lived and
 * useful as a starting point; a feed that moves later simply fails on its first fetch and is
 * reported in the subscribe summary (it stays subscribed so the person can fix its address).
 */

/** One feed of a bundle. */
export interface BundleFeed {
  title: string;
  /** The feed's own address (RSS, Atom or JSON Feed). */
  url: string;
  /** The site's home page. */
  site: string;
  description: string;
}

/** A named set of feeds subscribed together into one group. */
export interface Bundle {
  id: string;
  title: string;
  description: string;
  feeds: BundleFeed[];
}

const feed = (title: string, url: string, site: string, description: string): BundleFeed => ({
  title,
  url,
  site,
  description,
});

export const BUNDLES: readonly Bundle[] = [
  {
    id: 'world-news',
    title: 'World news',
    description: 'International reporting from public broadcasters and major newsrooms.',
    feeds: [
      feed(
        'BBC News – World',
        'https://feeds.bbci.co.uk/news/world/rss.xml',
        'https://www.bbc.com/news/world',
        'The BBC’s international headlines.',
      ),
      feed(
        'The Guardian – World',
        'https://www.theguardian.com/world/rss',
        'https://www.theguardian.com/world',
        'World news from the Guardian.',
      ),
      feed(
        'Al Jazeera',
        'https://www.aljazeera.com/xml/rss/all.xml',
        'https://www.aljazeera.com',
        'News with a strong Middle East and Global South focus.',
      ),
      feed(
        'NPR News',
        'https://feeds.npr.org/1001/rss.xml',
        'https://www.npr.org',
        'Top stories from US public radio.',
      ),
      feed(
        'DW – All news',
        'https://rss.dw.com/rdf/rss-en-all',
        'https://www.dw.com/en',
        'Germany’s international broadcaster, in English.',
      ),
      feed(
        'France 24',
        'https://www.france24.com/en/rss',
        'https://www.france24.com/en',
        'International news from Paris, in English.',
      ),
      feed(
        'The New York Times – World',
        'https://rss.nytimes.com/services/xml/rss/nyt/World.xml',
        'https://www.nytimes.com/section/world',
        'World section headlines.',
      ),
    ],
  },
  {
    id: 'technology',
    title: 'Technology',
    description: 'Gadgets, the internet, science of computing and the business around it.',
    feeds: [
      feed(
        'Ars Technica',
        'https://feeds.arstechnica.com/arstechnica/index',
        'https://arstechnica.com',
        'In-depth technology, science and policy.',
      ),
      feed(
        'The Verge',
        'https://www.theverge.com/rss/index.xml',
        'https://www.theverge.com',
        'Technology, science, art and culture.',
      ),
      feed(
        'Hacker News – Front page',
        'https://hnrss.org/frontpage',
        'https://news.ycombinator.com',
        'What the HN crowd is reading right now.',
      ),
      feed(
        'TechCrunch',
        'https://techcrunch.com/feed/',
        'https://techcrunch.com',
        'Startups and technology news.',
      ),
      feed(
        'Wired',
        'https://www.wired.com/feed/rss',
        'https://www.wired.com',
        'How technology changes culture, business and politics.',
      ),
      feed(
        'MIT Technology Review',
        'https://www.technologyreview.com/feed/',
        'https://www.technologyreview.com',
        'Emerging technology and its impact.',
      ),
      feed(
        '404 Media',
        'https://www.404media.co/rss/',
        'https://www.404media.co',
        'Independent tech journalism.',
      ),
    ],
  },
  {
    id: 'software-engineering',
    title: 'Software engineering',
    description: 'Writing by people who build software, and the blogs of the tools they use.',
    feeds: [
      feed(
        'Martin Fowler',
        'https://martinfowler.com/feed.atom',
        'https://martinfowler.com',
        'Software design, architecture and agile delivery.',
      ),
      feed(
        'Julia Evans',
        'https://jvns.ca/atom.xml',
        'https://jvns.ca',
        'Curious, friendly deep dives into how computers work.',
      ),
      feed(
        'Simon Willison',
        'https://simonwillison.net/atom/everything/',
        'https://simonwillison.net',
        'Web development, data and LLM tooling.',
      ),
      feed(
        'Dan Luu',
        'https://danluu.com/atom.xml',
        'https://danluu.com',
        'Long-form essays on computers and the industry.',
      ),
      feed(
        'The GitHub Blog',
        'https://github.blog/feed/',
        'https://github.blog',
        'Engineering, product and open source at GitHub.',
      ),
      feed(
        'Cloudflare Blog',
        'https://blog.cloudflare.com/rss/',
        'https://blog.cloudflare.com',
        'Networking, security and performance engineering.',
      ),
      feed(
        'Rust Blog',
        'https://blog.rust-lang.org/feed.xml',
        'https://blog.rust-lang.org',
        'Releases and news from the Rust project.',
      ),
      feed(
        'The Go Blog',
        'https://go.dev/blog/feed.atom',
        'https://go.dev/blog',
        'News and articles from the Go team.',
      ),
    ],
  },
  {
    id: 'science',
    title: 'Science',
    description: 'Research news and science journalism, from physics to biology.',
    feeds: [
      feed(
        'Quanta Magazine',
        'https://www.quantamagazine.org/feed/',
        'https://www.quantamagazine.org',
        'Mathematics, physics, biology and computer science.',
      ),
      feed(
        'Nature',
        'https://www.nature.com/nature.rss',
        'https://www.nature.com',
        'The latest research published in Nature.',
      ),
      feed(
        'Science News',
        'https://www.sciencenews.org/feed',
        'https://www.sciencenews.org',
        'Independent journalism about science.',
      ),
      feed(
        'ScienceDaily',
        'https://www.sciencedaily.com/rss/top/science.xml',
        'https://www.sciencedaily.com',
        'Top science news from research institutions.',
      ),
      feed(
        'New Scientist',
        'https://www.newscientist.com/feed/home/',
        'https://www.newscientist.com',
        'Science and technology news.',
      ),
      feed(
        'Phys.org',
        'https://phys.org/rss-feed/',
        'https://phys.org',
        'Physics, space, earth and nanotechnology news.',
      ),
      feed(
        'NASA News Releases',
        'https://www.nasa.gov/news-release/feed/',
        'https://www.nasa.gov',
        'Official announcements from NASA.',
      ),
    ],
  },
  {
    id: 'design',
    title: 'Design',
    description: 'Interface, web and product design: craft, research and inspiration.',
    feeds: [
      feed(
        'Smashing Magazine',
        'https://www.smashingmagazine.com/feed/',
        'https://www.smashingmagazine.com',
        'Web design and front-end techniques.',
      ),
      feed(
        'A List Apart',
        'https://alistapart.com/main/feed/',
        'https://alistapart.com',
        'Design, development and meaning of web content.',
      ),
      feed(
        'CSS-Tricks',
        'https://css-tricks.com/feed/',
        'https://css-tricks.com',
        'CSS and front-end craft.',
      ),
      feed(
        'Nielsen Norman Group',
        'https://www.nngroup.com/feed/rss/',
        'https://www.nngroup.com',
        'Evidence-based user experience research.',
      ),
      feed('Sidebar', 'https://sidebar.io/feed.xml', 'https://sidebar.io', 'Five design links a day.'),
      feed(
        'Codrops',
        'https://tympanus.net/codrops/feed/',
        'https://tympanus.net/codrops',
        'Creative front-end experiments and tutorials.',
      ),
      feed(
        'Dezeen',
        'https://www.dezeen.com/feed/',
        'https://www.dezeen.com',
        'Architecture, interiors and product design.',
      ),
    ],
  },
  {
    id: 'podcasts',
    title: 'Podcasts',
    description: 'Shows to listen to in the built-in player: tech, economics and ideas.',
    feeds: [
      feed('Syntax', 'https://feed.syntax.fm/rss', 'https://syntax.fm', 'Tasty treats for web developers.'),
      feed(
        'The Changelog',
        'https://changelog.com/podcast/feed',
        'https://changelog.com/podcast',
        'Conversations with the people behind open source.',
      ),
      feed(
        'Accidental Tech Podcast',
        'https://atp.fm/rss',
        'https://atp.fm',
        'Three nerds discussing tech, Apple and programming.',
      ),
      feed(
        'Planet Money',
        'https://feeds.npr.org/510289/podcast.xml',
        'https://www.npr.org/sections/money',
        'The economy, explained.',
      ),
      feed(
        'Hidden Brain',
        'https://feeds.npr.org/510308/podcast.xml',
        'https://hiddenbrain.org',
        'The unconscious patterns that drive behaviour.',
      ),
      feed(
        'TED Talks Daily',
        'https://feeds.feedburner.com/TEDTalks_audio',
        'https://www.ted.com',
        'A new TED talk every weekday.',
      ),
      feed(
        'Lex Fridman Podcast',
        'https://lexfridman.com/feed/podcast/',
        'https://lexfridman.com/podcast',
        'Long conversations about science, technology and people.',
      ),
    ],
  },
  {
    id: 'chinese-tech',
    title: '中文科技',
    description: 'Chinese-language technology writing: blogs, communities and tech news.',
    feeds: [
      feed(
        '阮一峰的网络日志',
        'https://www.ruanyifeng.com/blog/atom.xml',
        'https://www.ruanyifeng.com/blog/',
        '科技爱好者周刊与编程笔记。',
      ),
      feed('少数派', 'https://sspai.com/feed', 'https://sspai.com', '高效工作与品质生活的数字指南。'),
      feed('爱范儿', 'https://www.ifanr.com/feed', 'https://www.ifanr.com', '关注新消费与科技产品。'),
      feed('36氪', 'https://36kr.com/feed', 'https://36kr.com', '创业与科技商业资讯。'),
      feed('V2EX', 'https://www.v2ex.com/index.xml', 'https://www.v2ex.com', '创意工作者的社区。'),
      feed(
        '美团技术团队',
        'https://tech.meituan.com/feed/',
        'https://tech.meituan.com',
        '美团的工程实践与技术分享。',
      ),
      feed('IT之家', 'https://www.ithome.com/rss/', 'https://www.ithome.com', 'IT 资讯与数码新闻。'),
      feed('InfoQ 中文', 'https://www.infoq.cn/feed', 'https://www.infoq.cn', '软件开发与架构的专业资讯。'),
    ],
  },
];
