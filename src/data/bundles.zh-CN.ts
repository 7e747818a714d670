/**
 * Simplified Chinese for the curated bundles of bundles.ts: each bundle's title and description
 * and each feed's description, by bundle id and feed address. Feed titles are the publishers'
 * own names and stay as they are. bundleText.test.ts checks that nothing is missing.
 */
export interface BundleTranslation {
  title: string;
  description: string;
  /** Feed description by feed URL. */
  feeds: Record<string, string>;
}

export const BUNDLES_ZH_CN: Record<string, BundleTranslation> = {
  'world-news': {
    title: '国际新闻',
    description: '来自公共广播机构和大型新闻编辑部的国际报道。',
    feeds: {
      'https://feeds.bbci.co.uk/news/world/rss.xml': 'BBC 的国际头条。',
      'https://www.theguardian.com/world/rss': '《卫报》的国际新闻。',
      'https://www.aljazeera.com/xml/rss/all.xml': '侧重中东与全球南方的新闻。',
      'https://feeds.npr.org/1001/rss.xml': '美国公共广播电台的头条新闻。',
      'https://rss.dw.com/rdf/rss-en-all': '德国国际广播机构的英文报道。',
      'https://www.france24.com/en/rss': '来自巴黎的英文国际新闻。',
      'https://rss.nytimes.com/services/xml/rss/nyt/World.xml': '《纽约时报》国际版头条。',
    },
  },
  technology: {
    title: '科技',
    description: '数码产品、互联网、计算机科学以及相关的商业动态。',
    feeds: {
      'https://feeds.arstechnica.com/arstechnica/index': '深入的科技、科学与政策报道。',
      'https://www.theverge.com/rss/index.xml': '科技、科学、艺术与文化。',
      'https://hnrss.org/frontpage': 'Hacker News 社区此刻在读的内容。',
      'https://techcrunch.com/feed/': '创业公司与科技新闻。',
      'https://www.wired.com/feed/rss': '科技如何改变文化、商业与政治。',
      'https://www.technologyreview.com/feed/': '新兴技术及其影响。',
      'https://www.404media.co/rss/': '独立科技新闻。',
    },
  },
  'software-engineering': {
    title: '软件工程',
    description: '软件开发者的文章，以及他们所用工具的官方博客。',
    feeds: {
      'https://martinfowler.com/feed.atom': '软件设计、架构与敏捷交付。',
      'https://jvns.ca/atom.xml': '好奇又友好地深入讲解计算机如何工作。',
      'https://simonwillison.net/atom/everything/': 'Web 开发、数据与大语言模型工具。',
      'https://danluu.com/atom.xml': '关于计算机与行业的长篇文章。',
      'https://github.blog/feed/': 'GitHub 的工程、产品与开源。',
      'https://blog.cloudflare.com/rss/': '网络、安全与性能工程。',
      'https://blog.rust-lang.org/feed.xml': 'Rust 项目的版本发布与新闻。',
      'https://go.dev/blog/feed.atom': 'Go 团队的新闻与文章。',
    },
  },
  science: {
    title: '科学',
    description: '科研新闻与科学报道，从物理到生物。',
    feeds: {
      'https://www.quantamagazine.org/feed/': '数学、物理、生物与计算机科学。',
      'https://www.nature.com/nature.rss': '《自然》最新发表的研究。',
      'https://www.sciencenews.org/feed': '独立的科学新闻报道。',
      'https://www.sciencedaily.com/rss/top/science.xml': '来自各研究机构的科学要闻。',
      'https://www.newscientist.com/feed/home/': '科学与技术新闻。',
      'https://phys.org/rss-feed/': '物理、太空、地球与纳米技术新闻。',
      'https://www.nasa.gov/news-release/feed/': 'NASA 的官方公告。',
    },
  },
  design: {
    title: '设计',
    description: '界面、网页与产品设计：技艺、研究与灵感。',
    feeds: {
      'https://www.smashingmagazine.com/feed/': '网页设计与前端技术。',
      'https://alistapart.com/main/feed/': '网页内容的设计、开发与意义。',
      'https://css-tricks.com/feed/': 'CSS 与前端技艺。',
      'https://www.nngroup.com/feed/rss/': '基于实证的用户体验研究。',
      'https://sidebar.io/feed.xml': '每天五条设计链接。',
      'https://tympanus.net/codrops/feed/': '富有创意的前端实验与教程。',
      'https://www.dezeen.com/feed/': '建筑、室内与产品设计。',
    },
  },
  podcasts: {
    title: '播客',
    description: '可在内置播放器中收听的节目：科技、经济与思想。',
    feeds: {
      'https://feed.syntax.fm/rss': '献给 Web 开发者的美味干货。',
      'https://changelog.com/podcast/feed': '与开源项目背后的人对话。',
      'https://atp.fm/rss': '三位极客聊科技、苹果与编程。',
      'https://feeds.npr.org/510289/podcast.xml': '把经济讲明白。',
      'https://feeds.npr.org/510308/podcast.xml': '驱动人类行为的无意识模式。',
      'https://feeds.feedburner.com/TEDTalks_audio': '每个工作日一场新的 TED 演讲。',
      'https://lexfridman.com/feed/podcast/': '关于科学、技术与人的长篇对话。',
    },
  },
  'chinese-tech': {
    title: '中文科技',
    description: '中文科技写作：博客、社区与科技新闻。',
    feeds: {
      'https://www.ruanyifeng.com/blog/atom.xml': '科技爱好者周刊与编程笔记。',
      'https://sspai.com/feed': '高效工作与品质生活的数字指南。',
      'https://www.ifanr.com/feed': '关注新消费与科技产品。',
      'https://36kr.com/feed': '创业与科技商业资讯。',
      'https://www.v2ex.com/index.xml': '创意工作者的社区。',
      'https://tech.meituan.com/feed/': '美团的工程实践与技术分享。',
      'https://www.ithome.com/rss/': 'IT 资讯与数码新闻。',
      'https://www.infoq.cn/feed': '软件开发与架构的专业资讯。',
    },
  },
};
