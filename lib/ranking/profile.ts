/**
 * Implicit context: a request for advice, a recommendation or a plan depends on who the user
 * is even when it names none of it ("where should we go this weekend?" needs the city and who
 * comes along). Two pattern sets, Chinese and English, written from what such requests and
 * such facts generally look like:
 * - what a memory says about the user's circumstances (its profile kinds): where they live,
 *   who they live with, constraints on diet, health, money and time;
 * - what an advice request is about (its domains), which decides how much each kind matters.
 * No NLP model here: plain patterns, run when a memory is written and on every draft. A
 * memory's kinds are stored with its index terms (index-terms.ts): a change to KIND_CUES needs a
 * new INDEX_VERSION, or stored memories keep the kinds the old patterns gave them.
 */

export const PROFILE_KINDS = ['home', 'family', 'work', 'diet', 'health', 'budget', 'schedule'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

const KIND_CUES: Record<ProfileKind, RegExp> = {
  home: /住在|住址|居住|定居|搬到|搬去|搬家|搬来|老家|家乡|家在|常住|\blives? (?:in|near|at)\b|\bliving in\b|\bmoved (?:to|from)\b|\bbased in\b|\bhometown\b|\bgrew up in\b|\bhome (?:city|town)\b|\bresiden(?:ce|t)\b/iu,
  family:
    /女儿|儿子|孩子|小孩|宝宝|闺女|妻子|丈夫|老婆|老公|爱人|太太|伴侣|父母|爸爸|妈妈|爸妈|父亲|母亲|爷爷|奶奶|外公|外婆|哥哥|弟弟|姐姐|妹妹|男朋友|女朋友|对象|家人|全家|养了|宠物|猫|狗|\b(?:daughters?|sons?|kids?|child(?:ren)?|babies|baby|toddler|wife|husband|partner|spouse|parents?|mom|mum|dad|mother|father|brothers?|sisters?|siblings?|boyfriend|girlfriend|family|pets?|dogs?|cats?|puppy|kitten)\b/iu,
  work: /工程师|开发者|程序员|设计师|老师|教师|医生|护士|学生|研究生|博士|硕士|职业|岗位|职位|工作|上班|公司|单位|入职|辞职|跳槽|创业|自由职业|\bworks? (?:as|at|for|in)\b|\bjob\b|\bcareer\b|\bemployer\b|\bengineer\b|\bdeveloper\b|\bdesigner\b|\bteacher\b|\bnurse\b|\bstudent\b|\bfreelanc|\bself-employed\b|\bprofession/iu,
  diet: /素食|吃素|不吃|忌口|不能吃|不喝|过敏|清淡|口味|饮食|少油|少盐|低碳|低脂|高蛋白|热量|减肥|减重|控糖|戒糖|戒酒|\bvegetarian\b|\bvegan\b|\ballerg|\bintoleran|\bgluten\b|\blactose\b|\bhalal\b|\bkosher\b|\bdiet\b|\b(?:doesn't|does not|don't|never|can't|cannot) (?:eat|drink)\b|\bpescatarian\b/iu,
  health:
    /受伤|旧伤|伤病|疼|痛|病|孕|怀孕|膝盖|腰|颈椎|哮喘|血压|血糖|糖尿病|失眠|过敏|医生|手术|康复|\binjur|\bpain\b|\bknees?\b|\bpregnan|\basthma\b|\bdiabet|\bblood pressure\b|\binsomnia\b|\ballerg|\bdoctor\b|\bsurgery\b|\bcondition\b|\bdisabilit/iu,
  budget:
    /预算|省钱|存钱|攒钱|花钱|免费|便宜|收入|工资|月薪|年薪|房贷|房租|花销|开销|经济|\bbudget\b|\bafford|\bincome\b|\bsalary\b|\bsaving|\bmortgage\b|\brent\b|\bcheap\b|\bfrugal\b/iu,
  schedule:
    /每天|每周|工作日|周末|晚上|早上|上午|中午|下午|夜里|上班|下班|加班|夜班|轮班|通勤|作息|起床|睡|有空|没空|\bevery (?:day|week|morning|evening)\b|\bweekdays?\b|\bweekends?\b|\bshifts?\b|\bcommut|\bschedule\b|\bbusy\b|\bfree time\b|\bmornings?\b|\bevenings?\b|\bnights?\b/iu,
};

/** The kinds of circumstance a memory's text (content and keywords) states. */
export function profileKinds(text: string): ProfileKind[] {
  const normal = text.normalize('NFKC');
  return PROFILE_KINDS.filter((k) => KIND_CUES[k].test(normal));
}

/** Asking for advice, a recommendation, a plan or ideas: what depends on who is asking. */
const ADVICE = new RegExp(
  [
    '推荐|建议|想去|想出去|想找|想买|想做|想学|想换|想试|想投|打算|准备|帮我想|想个|去哪|去什么地方|哪里|哪儿|哪家|去处|安排|计划|规划|攻略|做什么|吃什么|买什么|送什么|玩什么|选什么|穿什么|怎么选|挑个|挑一|有什么好|有啥好|有啥|适合|值得|帮我找|找个|找一家|出主意|给点|给几个|怎么过|怎么度过|方案|要注意',
    "\\brecommend|\\bsuggest|\\badvice\\b|\\badvise\\b|\\bideas?\\b|\\btips\\b|\\bshould (?:i|we)\\b|\\bwhat (?:should|can|could) (?:i|we)\\b|\\bwhere (?:should|can|could|to)\\b|\\bplan\\b|\\bplanning\\b|\\bitinerary\\b|\\bhelp me (?:choose|pick|find|decide|plan)\\b|\\bwhat to (?:do|eat|cook|buy|get|wear|read|watch|make)\\b|\\bany good\\b|\\bnear me\\b|\\baround here\\b|\\bthings to do\\b|\\bhow should (?:i|we)\\b|\\bwhat's a good\\b|\\bwhat are some\\b|\\bi(?: want|'d like|'m thinking of|'m planning| plan) to\\b",
  ].join('|'),
  'iu',
);

export const DOMAINS = ['food', 'outing', 'shopping', 'exercise', 'time', 'career', 'leisure'] as const;
export type Domain = (typeof DOMAINS)[number];

const DOMAIN_CUES: Record<Domain, RegExp> = {
  food: /吃|菜|饭|餐|食|喝|饮|零食|外卖|下厨|\bfood\b|\beat|\bdinner\b|\blunch\b|\bbreakfast\b|\bmeals?\b|\brecipes?\b|\bcook|\brestaurants?\b|\bsnacks?\b|\bdish(?:es)?\b|\bdrinks?\b|\bmenu\b/iu,
  outing:
    /去哪|哪里|哪儿|玩|出去|出门|附近|本地|周边|当地|公园|景点|逛|活动|旅行|旅游|度假|出游|游玩|周末|假期|放假|\btrip\b|\btravel|\bvisit\b|\bouting\b|\bweekend\b|\bactivit|\bthings to do\b|\bnearby\b|\blocal\b|\bnear me\b|\bpark\b|\bgo out\b|\bvacation\b|\bholiday\b|\bday out\b/iu,
  shopping:
    /买|礼物|送|挑|选购|入手|预算|价位|工具|软件|产品|\bgifts?\b|\bbuy\b|\bpurchase\b|\bpresent\b|\bshopping\b|\bbudget\b|\btools?\b|\bsoftware\b|\bproducts?\b/iu,
  exercise:
    /运动|锻炼|健身|跑|游泳|训练|瑜伽|爬山|徒步|骑车|球|\bexercis|\bworkout\b|\brun(?:ning)?\b|\bgym\b|\bfitness\b|\btraining\b|\bsports?\b|\bswim|\bhik(?:e|ing)\b|\byoga\b/iu,
  career:
    /简历|面试|求职|找工作|工作机会|岗位|职位|跳槽|转行|升职|晋升|职业|\bresume\b|\bcv\b|\binterview|\bjob\b|\bcareer\b|\bpromotion\b|\bhiring\b/iu,
  time: /时间|日程|每天|作息|这周|本周|下周|\bschedule\b|\broutine\b|\bthis week\b|\bdaily\b|\btime\b/iu,
  leisure:
    /书|小说|电影|电视剧|纪录片|音乐|歌|游戏|播客|\bbooks?\b|\bnovels?\b|\bmovies?\b|\bfilms?\b|\bshows?\b|\bseries\b|\bmusic\b|\bsongs?\b|\bgames?\b|\bpodcasts?\b|\bread\b|\bwatch\b/iu,
};

/** How much each kind of circumstance matters to a request about each domain (0–1). */
const RELEVANCE: Record<Domain | 'general', Record<ProfileKind, number>> = {
  food: { home: 0.3, family: 0.5, work: 0, diet: 1, health: 0.6, budget: 0.3, schedule: 0.3 },
  outing: { home: 1, family: 1, work: 0, diet: 0.3, health: 0.6, budget: 0.4, schedule: 0.5 },
  shopping: { home: 0.3, family: 0.7, work: 0.3, diet: 0, health: 0.2, budget: 1, schedule: 0 },
  exercise: { home: 0.5, family: 0.2, work: 0, diet: 0.3, health: 1, budget: 0.2, schedule: 0.7 },
  time: { home: 0.3, family: 0.6, work: 0.6, diet: 0, health: 0.4, budget: 0, schedule: 1 },
  career: { home: 0.4, family: 0.2, work: 1, diet: 0, health: 0, budget: 0.3, schedule: 0.3 },
  leisure: { home: 0, family: 0.3, work: 0, diet: 0, health: 0, budget: 0.2, schedule: 0.3 },
  general: { home: 0.4, family: 0.4, work: 0.3, diet: 0.3, health: 0.3, budget: 0.3, schedule: 0.3 },
};

export interface AdviceContext {
  /** How much each profile kind matters to this request (0 when the draft asks no advice). */
  relevance: Readonly<Record<ProfileKind, number>>;
}

/** Null when the draft is not asking for advice, a recommendation or a plan. */
export function adviceContext(draft: string): AdviceContext | null {
  const text = draft.normalize('NFKC');
  if (!ADVICE.test(text)) return null;
  const domains = DOMAINS.filter((d) => DOMAIN_CUES[d].test(text));
  const rows = domains.length > 0 ? domains.map((d) => RELEVANCE[d]) : [RELEVANCE.general];
  const relevance = Object.fromEntries(PROFILE_KINDS.map((k) => [k, Math.max(...rows.map((r) => r[k]))])) as Record<
    ProfileKind,
    number
  >;
  return { relevance };
}

/** How much a memory of these kinds matters to the request (the best of its kinds). */
export function profileRelevance(kinds: readonly ProfileKind[], advice: AdviceContext | null): number {
  if (!advice) return 0;
  let best = 0;
  for (const k of kinds) best = Math.max(best, advice.relevance[k]);
  return best;
}
