/**
 * The word lists behind the English tokenizer (english.ts), general English, nothing taken
 * from any benchmark: function words, and the inflected forms no suffix rule can bring back to
 * their base (ran → run, children → child, lives → life).
 */

/**
 * Function words that say nothing about a memory: NLTK's English stop word list, plus the
 * pieces contractions split into (ca|n't, wo|n't), modals and a few fillers of chat requests.
 * Left out of NLTK's list: "own" ("User owns a car"), "won" (the past of win; "won't" splits
 * into wo|n't here) and "having" (a form of have, which memories use as a content verb).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only same so than too very s t can will just don should now ' +
    'd ll m o re ve y ain aren couldn didn doesn hadn hasn isn mightn mustn needn shan shouldn wasn ' +
    "weren wouldn ca wo n't 's 're 've 'll 'd 'm would could might must shall may also us please"
  ).split(' '),
);

/** Irregular past tenses and participles → base verb. */
const VERBS =
  'arise arose arisen|awake awoke awoken|be was were been|bear bore borne born|beat beaten|become became|' +
  'begin began begun|bend bent|bet|bind bound|bite bit bitten|bleed bled|blow blew blown|break broke broken|' +
  'breed bred|bring brought|broadcast|build built|burn burnt|burst|buy bought|catch caught|choose chose chosen|' +
  'cling clung|come came|cost|creep crept|cut|deal dealt|dig dug|do did done|draw drew drawn|dream dreamt|' +
  'drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed|feel felt|fight fought|' +
  'find found|flee fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|forgive forgave forgiven|' +
  'freeze froze frozen|get got gotten|give gave given|go went gone|grind ground|grow grew grown|hang hung|' +
  'have had has|hear heard|hide hid hidden|hit|hold held|hurt|keep kept|kneel knelt|know knew known|lay laid|' +
  'lead led|lean leant|leap leapt|learn learnt|leave left|lend lent|let|lie lay lain|light lit|lose lost|' +
  'make made|mean meant|meet met|mistake mistook mistaken|overcome overcame|pay paid|prove proven|put|quit|' +
  'read|rid|ride rode ridden|ring rang rung|rise rose risen|run ran|say said|see saw seen|seek sought|' +
  'sell sold|send sent|set|sew sewn|shake shook shaken|shed|shine shone|shoot shot|show shown|shrink shrank shrunk|' +
  'shut|sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|speak spoke spoken|speed sped|' +
  'spend spent|spin spun|spit spat|split|spread|spring sprang sprung|stand stood|steal stole stolen|stick stuck|' +
  'sting stung|stink stank stunk|strike struck stricken|string strung|strive strove striven|swear swore sworn|' +
  'sweep swept|swim swam swum|swing swung|take took taken|teach taught|tear tore torn|tell told|think thought|' +
  'throw threw thrown|understand understood|undertake undertook undertaken|upset|wake woke woken|wear wore worn|' +
  'weave wove woven|weep wept|win won|wind wound|withdraw withdrew withdrawn|write wrote written|' +
  'overtake overtook overtaken|overthink overthought|rebuild rebuilt|redo redid redone|rewrite rewrote rewritten|' +
  'misunderstand misunderstood|oversee oversaw overseen|foresee foresaw foreseen|withhold withheld|' +
  'outgrow outgrew outgrown|uphold upheld';

/** Irregular plurals → singular noun (including the -ves plurals of -f/-fe nouns). */
const NOUNS =
  'child children|man men|woman women|person people|foot feet|tooth teeth|goose geese|mouse mice|' +
  'ox oxen|life lives|wife wives|knife knives|leaf leaves|half halves|self selves|shelf shelves|wolf wolves|' +
  'thief thieves|loaf loaves|calf calves|scarf scarves|elf elves|hoof hooves|criterion criteria|' +
  'phenomenon phenomena|analysis analyses|crisis crises|thesis theses|diagnosis diagnoses|cactus cacti|' +
  'fungus fungi|datum data|medium media|index indices|appendix appendices|grandchild grandchildren|' +
  'businessman businessmen|businesswoman businesswomen|fireman firemen|policeman policemen|salesman salesmen';

/** Irregular comparatives → base adjective or adverb. */
const ADJECTIVES = 'good better best|bad worse worst|far farther farthest further furthest|little less least';

/**
 * Common one- and two-syllable adjectives that compare with -er/-est. Only these are de-graded:
 * a rule on every -er word would turn "letter" into "let" and "number" into "numb".
 */
const GRADABLE =
  'young old big small high low great strong weak late early easy hard happy sad long short tall fast slow ' +
  'quick new close large cheap rich poor nice busy funny healthy warm cold hot cool dark light bright deep ' +
  'wide narrow safe simple clean dirty quiet loud heavy smart wise fit thin fat tiny huge near far fine ' +
  'calm kind brave proud lucky pretty ugly sweet sour fresh full empty dry wet soft tough rough smooth ' +
  'sharp lazy crazy angry hungry tired sick sure true strange lonely friendly noisy tidy';

function comparatives(adjective: string): string[] {
  const a = adjective;
  if (a.endsWith('e')) return [`${a}r`, `${a}st`];
  if (/[^aeiou]y$/.test(a)) return [`${a.slice(0, -1)}ier`, `${a.slice(0, -1)}iest`];
  // One vowel before one final consonant doubles it: big → bigger, hot → hottest.
  const stem = /^[^aeiou]*[aeiou][bdgmnpt]$/.test(a) ? a + a.at(-1) : a;
  return [`${stem}er`, `${stem}est`];
}

const GRADED = GRADABLE.split(' ')
  .map((a) => [a, ...comparatives(a)].join(' '))
  .join('|');

function table(spec: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of spec.split('|')) {
    const words = entry.split(' ');
    const base = words[0] as string;
    for (const form of words.slice(1)) {
      if (form === base) continue;
      const bases = out.get(form) ?? [];
      if (!bases.includes(base)) bases.push(base);
      out.set(form, bases);
    }
  }
  return out;
}

const ALL = [table(VERBS), table(NOUNS), table(ADJECTIVES), table(GRADED)];

/** The base forms an inflected word can be of ("left" → leave; "lives" → life; "saw" → see). */
export function irregularBases(word: string): readonly string[] {
  const out: string[] = [];
  for (const t of ALL) for (const b of t.get(word) ?? []) if (!out.includes(b)) out.push(b);
  return out;
}
