/**
 * Local rules that guess a brought-in memory's type and importance from its words (DESIGN.md §2
 * types, importance scale). They only pre-fill the preview: the user can change every guess,
 * and with a key set the model can refine them in one batched call. Ordered by how telling a
 * cue is: a decision word beats a preference word ("decided to prefer…" is a conclusion).
 */
import type { MemoryType } from '../memory/types';

interface Rule {
  type: MemoryType;
  cues: RegExp;
}

const RULES: readonly Rule[] = [
  {
    type: 'conclusion',
    cues: /\b(?:decided|chose|chosen|picked|rejected|ruled out|settled on|concluded|went with|opted|will not use|won't use|gave up on)\b|决定|选择了|选定|放弃|排除|否决|结论是|得出结论|不考虑|定了/i,
  },
  {
    type: 'task',
    cues: /\b(?:working on|is building|building|preparing|currently|in progress|to-?do|deadline|due|plans? to|planning|next step|is writing|migrating|launching|needs to|has to finish)\b|正在|在做|在写|准备|计划|打算|截止|待办|进行中|下一步|要完成|筹备/i,
  },
  {
    type: 'preference',
    cues: /\b(?:prefers?|preferred|likes?|loves?|enjoys?|dislikes?|hates?|wants?|would like|favou?rite|call (?:me|them|him|her)|address(?:ed)? as|style|tone|concise|brief|detailed|format|answers? in|reply in|respond in|avoid|don't like|does not like|rather)\b|喜欢|偏好|更爱|讨厌|不喜欢|希望|习惯|风格|语气|简洁|详细|称呼|叫我|用中文|用英文|回答时|不要/i,
  },
];

/** Headings and category names that say the type outright (also this extension's own export). */
const SECTION_TYPES: readonly [RegExp, MemoryType][] = [
  [/prefer|style|like|偏好|喜好|风格|习惯/i, 'preference'],
  [/task|to-?do|top of mind|project|current|working|任务|待办|进行|项目|近期/i, 'task'],
  [/conclusion|decision|choice|结论|决定|选择/i, 'conclusion'],
  [/fact|about|personal|work context|background|history|profile|事实|个人|背景|资料|工作/i, 'fact'],
];

const HARD =
  /\b(?:allergic|allergy|never|must|must not|cannot|can't eat|strictly|vegan|vegetarian|halal|kosher)\b|过敏|必须|绝不|千万|一定要|不能|不可以|忌口|素食|清真/i;
const IDENTITY =
  /\b(?:name is|named|be called|call (?:me|them|him|her)|lives? in|moved to|works? (?:as|at)|is an? (?:[a-z-]+ ){0,2}[a-z]+(?:er|or|ist|ian|ant)|wife|husband|partner|daughter|son|children|kids|born|years old)\b|名字|叫我|称呼|住在|搬到|在.{1,12}(?:工作|上班)|公司|职业|是一名|妻子|丈夫|老婆|老公|女儿|儿子|孩子|出生|岁/i;
const VAGUE =
  /\b(?:maybe|perhaps|might|sometimes|occasionally|possibly|not sure|considering|thinking about)\b|可能|也许|有时|偶尔|不确定|考虑|或许/i;

export function typeFromSection(section: string | null): MemoryType | null {
  if (!section) return null;
  for (const [re, type] of SECTION_TYPES) if (re.test(section)) return type;
  return null;
}

export function guessType(content: string, section: string | null = null): MemoryType {
  for (const rule of RULES) if (rule.cues.test(content)) return rule.type;
  return typeFromSection(section) ?? 'fact';
}

/** 5 a hard constraint, 4 who the user is, 2 hedged, 3 otherwise (DESIGN.md §2 scale). */
export function guessImportance(content: string, type: MemoryType): number {
  if (HARD.test(content)) return 5;
  if (VAGUE.test(content)) return 2;
  if (IDENTITY.test(content)) return 4;
  // A standing rule for every answer ("always reply in English") is long-lived.
  if (type === 'preference' && /\b(?:always|every time|whenever)\b|总是|每次|一律|始终/i.test(content)) return 4;
  return 3;
}
