/**
 * "Where did we leave off?", "继续上次的": a request to go on with the last chat that names no
 * subject of its own. It is one when the product's continuation cue (lib/ranking/intent.ts,
 * the same English and Chinese patterns that lift tasks for memories) is in it and nothing is
 * left once the cue, function words (the stop list) and the words every such request is made of
 * — talking about a conversation, asking, going on — are taken out. A request with a subject
 * ("continue the visa plan") is searched for like any other.
 */
import { CJK_RUN } from '../cjk';
import { CONTINUATION } from '../ranking/intent';
import { STOP_WORDS } from '../text/english-words';

/**
 * Words about the conversation itself rather than a subject: general English of requests to
 * resume (verbs of going on and talking, politeness), not taken from any benchmark.
 */
const CONVERSATION_WORDS = new Set(
  (
    "let let's lets go going get got please ok okay now again so well right then chat conversation talk talking " +
    'discussion discussed discuss said say were we left leave stopped stop working work thing things stuff ' +
    'previous last earlier before time yesterday today pick picking'
  ).split(' '),
);

/**
 * Chinese function characters and words about the conversation (particles, pronouns, "talk",
 * "do", "that one", "content"): what is left of 继续上次的 / 接着聊 / 我们上次说到哪了.
 */
const CONVERSATION_CHARS = new Set([
  ...'的了吧吗呢啊呀嘛哦我们你咱聊说讲谈做干那这个些事话题内容部分下去一点再把吧哪到里儿',
]);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function isBareContinuation(draft: string): boolean {
  const text = draft.normalize('NFKC').toLowerCase().trim();
  if (text === '' || text.length > 120) return false;
  const cue = new RegExp(CONTINUATION.source, 'giu');
  if (!cue.test(text)) return false;
  const rest = text.replace(cue, ' ');
  let subject = false;
  const latin = rest.replace(CJK_RUN, (run) => {
    if ([...run].some((ch) => !CONVERSATION_CHARS.has(ch))) subject = true;
    return ' ';
  });
  for (const m of latin.matchAll(WORD)) {
    const w = m[0].replace(/’/g, "'");
    if (!STOP_WORDS.has(w) && !CONVERSATION_WORDS.has(w)) subject = true;
  }
  return !subject;
}
