/**
 * Query parameters that identify a click, a mail recipient or a visitor rather than content:
 * `cleanUrl` (cleanUrl.ts) removes them from article links. This file is data only; to add or
 * drop a parameter, edit a group here (no code change), and name where the fact comes from.
 *
 * Names match ignoring case and after percent-decoding (`UTM%5Fsource` is `utm_source`).
 * A group with `hosts` applies only on those hosts and their subdomains; `name.*` stands for
 * the label `name` under a top-level domain or co./com. and a country code (amazon.com,
 * amazon.co.uk, smile.amazon.de). Only
 * parameters known to carry tracking belong here: never a name sites use for real content
 * (`ref`, `id`, `page`, `source`, `s`, …) outside a host group.
 *
 * Sources, cited per group:
 * - Firefox query stripping: the `query-stripping` collection of Firefox remote settings, see
 *   firefox-source-docs.mozilla.org/toolkit/components/antitracking/anti-tracking/query-stripping/
 * - Brave: the query string filter (github.com/brave/brave-browser/wiki/Query-String-Filter and
 *   brave-core components/query_filter).
 * - Miniflux: internal/reader/urlcleaner (the tracker list of the Miniflux feed reader).
 * - AdGuard URL Tracking filter and Neat URL / ClearURLs for the site-scoped groups.
 * - The vendors' own documentation where named.
 */

/** One family of tracking parameters and where the fact comes from. */
export interface TrackingParamGroup {
  /** Who sets these parameters, and which public list names them. */
  source: string;
  /** Exact parameter names, lower case. */
  names?: readonly string[];
  /** Name prefixes, lower case (every `utm_…`). */
  prefixes?: readonly string[];
  /** Limits the group to these hosts (and subdomains); `label.*` = under any public suffix. */
  hosts?: readonly string[];
}

export const TRACKING_PARAMS: readonly TrackingParamGroup[] = [
  {
    source: 'Google Analytics campaign parameters (UTM), Google Analytics help; Miniflux',
    prefixes: ['utm_'],
  },
  {
    source: 'Google Analytics 4 campaign parameters; Miniflux',
    names: [
      'campaign_id',
      'campaign_medium',
      'campaign_name',
      'campaign_source',
      'campaign_term',
      'campaign_content',
    ],
  },
  {
    source: 'Google Analytics legacy ga_ campaign names; Neat URL',
    names: ['ga_source', 'ga_medium', 'ga_term', 'ga_content', 'ga_campaign', 'ga_place'],
  },
  { source: 'Google Analytics linker; Brave', names: ['_gl'] },
  {
    source: 'Google Ads / Display & Video 360 click ids; Firefox, Brave, Miniflux',
    names: ['gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid'],
  },
  { source: 'Google search result tracking `srsltid`; Brave, Miniflux', names: ['srsltid'] },
  {
    source: 'Matomo / Piwik campaign parameters, Matomo docs; Miniflux (mtm_), Brave (pk_cid)',
    prefixes: ['mtm_'],
    names: ['pk_campaign', 'pk_kwd', 'pk_keyword', 'pk_source', 'pk_medium', 'pk_content', 'pk_cid'],
  },
  {
    source: 'Facebook click id and share parameters; Firefox, Brave, Miniflux',
    names: ['fbclid', 'fb_action_ids', 'fb_action_types', 'fb_ref', 'fb_source', 'fb_comment_id'],
  },
  { source: 'Instagram share id; Firefox, AdGuard', names: ['igshid', 'igsh'] },
  { source: 'Microsoft Advertising click id; Firefox, Brave, Miniflux', names: ['msclkid'] },
  {
    source: 'Twitter / X: ads click id (Firefox, Brave, Miniflux) and embed referrer (ref_src, ref_url)',
    names: ['twclid', 'ref_src', 'ref_url'],
  },
  {
    source: 'Yandex click ids and Openstat; Firefox, Brave, Miniflux',
    names: ['yclid', 'ysclid', 'ymclid', '_openstat'],
  },
  { source: 'TikTok click id; Firefox', names: ['ttclid'] },
  { source: 'LinkedIn Insight click id; Firefox', names: ['li_fat_id'] },
  { source: 'Pinterest click id; Firefox', names: ['epik'] },
  {
    source: 'Mailchimp campaign and recipient ids; Firefox (mc_eid), Miniflux',
    names: ['mc_cid', 'mc_eid', 'mc_tc'],
  },
  {
    source: 'HubSpot email and CTA tracking; Firefox, Brave, Miniflux',
    names: ['_hsenc', '_hsmi', '__hssc', '__hstc', '__hsfp', 'hsctatracking'],
  },
  {
    source: 'HubSpot ads tracking hsa_*, HubSpot knowledge base; Miniflux (hsa_cam)',
    names: [
      'hsa_acc',
      'hsa_ad',
      'hsa_cam',
      'hsa_grp',
      'hsa_kw',
      'hsa_mt',
      'hsa_net',
      'hsa_src',
      'hsa_tgt',
      'hsa_ver',
    ],
  },
  { source: 'Marketo email token; Firefox, Brave, Miniflux', names: ['mkt_tok'] },
  {
    source: 'Olytics (Omeda) ids; Firefox, Brave, Miniflux',
    names: ['oly_anon_id', 'oly_enc_id', 'rb_clickid'],
  },
  { source: 'Vero email ids; Firefox, Brave, Miniflux', names: ['vero_id', 'vero_conv'] },
  { source: 'Drip subscriber id `__s`; Firefox, Brave', names: ['__s'] },
  { source: 'Wicked Reports click id; Firefox, Brave, Miniflux', names: ['wickedid'] },
  { source: 'Adobe Analytics / Campaign ids; Brave (s_cid), Miniflux (sc_cid)', names: ['s_cid', 'sc_cid'] },
  { source: 'Beehiiv newsletter link id; Brave, Miniflux', names: ['_bhlid'] },
  { source: 'Branch deep-link ids; Brave, Miniflux', names: ['_branch_match_id', '_branch_referrer'] },
  { source: 'Klaviyo email id; Brave', names: ['_kx'] },
  { source: 'Blueshift click and user ids; Brave', names: ['bsft_clkid', 'bsft_uid'] },
  { source: 'MailerLite subscriber ids; Brave', names: ['ml_subscriber', 'ml_subscriber_hash'] },
  { source: 'Squarespace email id; Brave', names: ['ss_email_id'] },
  { source: 'Impact affiliate click id; Brave', names: ['irclickid'] },
  { source: 'Yahoo consent-redirect referrer; Brave', names: ['guce_referrer', 'guce_referrer_sig'] },
  {
    source: 'Humble Bundle campaign parameters; Miniflux',
    names: ['hmb_campaign', 'hmb_medium', 'hmb_source'],
  },
  {
    source: 'itm_ internal campaign parameters; Miniflux',
    names: ['itm_campaign', 'itm_medium', 'itm_source'],
  },
  { source: 'Verizon Media / Yahoo `ncid` campaign id; AdGuard', names: ['ncid'] },
  { source: 'SimpleReach share id; AdGuard', names: ['sr_share'] },
  { source: 'Alibaba / Taobao position tracking `spm`; AdGuard, Neat URL', names: ['spm'] },
  {
    source: 'Amazon referral and placement parameters (amazon hosts only); Neat URL, ClearURLs',
    hosts: ['amazon.*'],
    names: ['ref', 'ref_', '_encoding', 'qid', 'sr', 'sprefix', 'crid', 'content-id'],
    prefixes: ['pd_rd_', 'pf_rd_'],
  },
  {
    source: 'Twitter / X share parameters (twitter.com, x.com only); ClearURLs',
    hosts: ['twitter.com', 'x.com'],
    names: ['s', 't', 'cn'],
  },
  {
    source: 'YouTube share id (youtube.com, youtu.be only); AdGuard',
    hosts: ['youtube.com', 'youtu.be'],
    names: ['si'],
  },
  { source: 'Spotify share id (open.spotify.com only); AdGuard', hosts: ['open.spotify.com'], names: ['si'] },
];
