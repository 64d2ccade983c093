/**
 * Word cues the ranker reads from a memory's own text, Chinese and English:
 * - address/style: a preference about how to speak to the user applies to every conversation,
 *   greetings included (DESIGN.md §1.5). The words are the general dimensions of a reply: how to
 *   name the user, its length, tone, structure, language and examples;
 * - polarity: like vs dislike, so two returned memories that contradict each other
 *   ("likes americano" / "quit coffee") are flagged instead of silently injected together.
 * No NLP model here: plain patterns, run when a memory is written. The address/style cue is
 * stored with the memory's index terms (index-terms.ts): a change to ADDRESS or STYLE needs a
 * new INDEX_VERSION, or stored memories keep the old verdict.
 */

/**
 * How a form of address is stated, in both languages, by construction. Chinese: the verb 称呼
 * ("称呼我老王"), 叫 with the person addressed as its object ("叫我小林"; a memory says it in the
 * third person, "希望大家叫他小林"), the passive 被叫 / 被称为 ("讨厌被叫李总", but not 被叫去 /
 * 被叫到 / 被叫醒, being sent for or woken), and the nouns 昵称 / 外号 (nickname). 叫 alone is not
 * a cue: "女儿叫豆豆" names someone else, "叫外卖" orders food. English, the forms extraction
 * models write:
 * - the active, with the person addressed as object and then the name: "call me …", "call
 *   him Sam" (not "call her mother", "called him yesterday"), "address me as", "refer to him as"
 *   (not "addressed her concerns");
 * - the passive infinitive or gerund of call / address / refer to / know as, which has the
 *   user as its subject, followed by a name or "by … name" ("wants to be called Rui", "prefers
 *   being addressed as Dr. Lee", "to be called by her first name"); a plain participle is not
 *   one ("a dog called Rex" names the dog, "was called into a meeting"), nor a phone call
 *   ("needs to be called at 9");
 * - "go by" followed by a name or "the name …" ("goes by Rui"; not "goes by bus");
 * - the user's name with a "but" after it ("User's name is Robert but …": the name used
 *   differs from the one given);
 * - the nouns "nickname", "pronouns".
 */
const ADDRESS =
  /称呼|叫(?:我|他|她|他们)|被叫(?![去到来走醒起回出进])|被称为|昵称|外号|\baddress(?:ed)? as\b|\baddress (?:me|him|her|them) (?:as|by)\b|\brefer(?:red)? to (?:me|him|her|them) as\b|\bnickname\b|\bpronouns?\b/iu;

/** "call me …", or "call him/her/them" and a name ("call him Sam", not "call her mother"). */
const ACTIVE = /\b[Cc]all(?:s|ing)? (?:me\b|(?:him|her|them) ["“‘'「]?(?:\p{Lu}|\p{Script=Han}))/u;

/** The passive with a name after it: case matters (a name is capitalised or Chinese), so apart from ADDRESS. */
const PASSIVE =
  /\b(?:to be|being) (?:called|addressed(?: as)?|referred to as|known as) (?:["“‘'「]?(?:\p{Lu}|\p{Script=Han})|by (?:\p{L}+ )?(?:(?:first|last|given|full) )?(?:nick)?name\b)/u;

/** "go by" a name: case matters (a name is capitalised or Chinese), so apart from ADDRESS. */
const GOES_BY = /\b[Gg]o(?:es|ing)? by (?:the (?:nick)?name (?:of )?)?["“‘']?(?:\p{Lu}|\p{Script=Han})/u;

/** The user's own name, then "but": the name they go by is another one. */
const NAME_BUT =
  /(?:^|[^\p{L}])(?:user|his|her|their|my)(?:'s|’s)? (?:(?:full|real|legal|given|first|official|actual) )?name is [^.;!?]{0,80}?\bbut\b/iu;

const STYLE =
  /回答|回复|答复|解释|语气|风格|口吻|简洁|简短|详细|啰嗦|条理|分点|列表|举例|例子|表格|注释|口语化|正式|用中文|用英文|\banswers?\b|\brepl(?:y|ies)\b|\brespon(?:se|ses|d)\b|\bconcise\b|\bbrief\b|\bdetailed\b|\bverbose\b|\btone\b|\bstyle\b|\bformat(?:ting)?\b|\bbullet\b|\bin (?:english|chinese)\b|\bformal\b|\bcasual\b|\bexplanations?\b/iu;

const NEGATIVE =
  /不喜欢|不爱|不吃|不喝|不想|不用|讨厌|反感|厌恶|受不了|戒了|戒掉|不再|放弃|否决|\bdislikes?\b|\bhates?\b|\bdetests?\b|\b(?:doesn't|does not|don't|do not|never|no longer|won't) (?:like|love|enjoy|eat|drink|want|use)\b|\bquit\b|\bstopped\b|\bavoids?\b|\bgave up\b/iu;

const POSITIVE =
  /喜欢|爱吃|爱喝|爱看|爱用|最爱|偏爱|偏好|热爱|常吃|常喝|选定|\blikes?\b|\bloves?\b|\bprefers?\b|\benjoys?\b|\bfavou?rite\b|\bfan of\b|\bchose\b|\bpicked\b/iu;

export type Polarity = 1 | -1 | 0;

export function hasAddressCue(text: string): boolean {
  return ADDRESS.test(text) || ACTIVE.test(text) || PASSIVE.test(text) || GOES_BY.test(text) || NAME_BUT.test(text);
}

export function hasStyleCue(text: string): boolean {
  return STYLE.test(text);
}

/** Negative wins over positive: "不喜欢" contains "喜欢", "doesn't like" contains "like". */
export function polarityOf(text: string): Polarity {
  if (NEGATIVE.test(text)) return -1;
  if (POSITIVE.test(text)) return 1;
  return 0;
}

/** Terms that say "like"/"dislike" or "the user" rather than what is liked. */
const NOT_A_TOPIC = new Set([
  '用户',
  '喜欢',
  '不喜',
  '讨厌',
  '不爱',
  '不吃',
  '不喝',
  '不再',
  '最爱',
  '偏好',
  'user',
  'like',
  'love',
  'prefer',
  'enjoy',
  'hate',
  'dislike',
  'quit',
  'stop',
  'avoid',
  'favorite',
]);

/** Two memories of opposite polarity that share a topic term contradict each other. */
export function contradicts(
  a: { polarity: Polarity; topics: ReadonlySet<string> },
  b: { polarity: Polarity; topics: ReadonlySet<string> },
): boolean {
  if (a.polarity === 0 || b.polarity === 0 || a.polarity === b.polarity) return false;
  for (const t of a.topics) if (!NOT_A_TOPIC.has(t) && b.topics.has(t)) return true;
  return false;
}
