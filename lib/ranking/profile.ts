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

export const PROFILE_KINDS = ['residence', 'household', 'work', 'diet', 'health', 'budget', 'schedule'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/**
 * What a memory's own text says, by kind. Residence is read from the verbs of residing and of
 * relocating, which both state where someone lives now ("lives in", "based in", "moved to",
 * "relocated to", 住在, 定居, 搬到, 迁居); where someone grew up or comes from (老家, hometown)
 * is not where they live. Household is who the user lives with: kin, partner, pets, roommates.
 * Each pattern is a word or construction that says the kind on its own, not a single character
 * that also occurs in unrelated words (病 in 毛病, 晚上 in any evening plan).
 */
const KIND_CUES: Record<ProfileKind, RegExp> = {
  residence:
    /住在|家住|住址|住处|居住|定居|常住|(?<!老)家在|搬到|搬去|搬来|搬回|搬家|迁居|移居|落户|安家|\b(?:lives?|living|lived|resides?|residing|resided|settled|based) (?:in|near|at|out of)\b|\bmov(?:e|es|ed|ing) (?:back )?(?:to|from|into)\b|\brelocat(?:e|es|ed|ing|ion)\b|\bresiden(?:ce|t)\b|\bhome (?:city|address)\b|\bneighbou?rhood\b/iu,
  household:
    /女儿|儿子|孩子|小孩|宝宝|闺女|妻子|丈夫|老婆|老公|爱人|太太|伴侣|父母|爸爸|妈妈|爸妈|父亲|母亲|爷爷|奶奶|外公|外婆|哥哥|弟弟|姐姐|妹妹|男朋友|女朋友|对象|家人|全家|一家人|养了|宠物|猫|狗|室友|合租|同住|独居|一个人住|\b(?:daughters?|sons?|kids?|child(?:ren)?|babies|baby|toddler|wife|husband|partner|spouse|parents?|mom|mum|dad|mother|father|brothers?|sisters?|siblings?|boyfriend|girlfriend|family|pets?|dogs?|cats?|puppy|kitten|roommates?|flatmates?|housemates?)\b|\blives? (?:alone|with)\b|\bliving (?:alone|with)\b/iu,
  work: /工程师|开发者|程序员|设计师|老师|教师|医生|护士|学生|研究生|博士|硕士|职业|岗位|职位|工作|上班|公司|单位|入职|辞职|跳槽|创业|自由职业|\bworks? (?:as|at|for|in)\b|\bjob\b|\bcareer\b|\bemployer\b|\bengineer\b|\bdeveloper\b|\bdesigner\b|\bteacher\b|\bnurse\b|\bstudent\b|\bfreelanc|\bself-employed\b|\bprofession/iu,
  diet: /素食|吃素|不吃|忌口|不能吃|不喝|过敏|清淡|口味|饮食|少油|少盐|低碳|低脂|高蛋白|热量|减肥|减重|减脂|控糖|戒糖|戒酒|\bvegetarian\b|\bvegan\b|\ballerg|\bintoleran|\bgluten\b|\blactose\b|\bhalal\b|\bkosher\b|\bdiet\b|\b(?:doesn't|does not|don't|never|can't|cannot) (?:eat|drink)\b|\bpescatarian\b/iu,
  health:
    /受伤|旧伤|伤病|疼痛|头疼|头痛|腰疼|腰痛|背疼|背痛|胃疼|胃痛|膝盖|腰椎|颈椎|生病|疾病|病史|慢性病|孕|哮喘|血压|血糖|糖尿病|失眠|过敏|医生|手术|康复|\binjur|\bpain\b|\bknees?\b|\bpregnan|\basthma\b|\bdiabet|\bblood pressure\b|\binsomnia\b|\ballerg|\bdoctor\b|\bsurgery\b|\bdisabilit|\bchronic\b/iu,
  budget:
    /预算|省钱|存钱|攒钱|花钱|免费|便宜|收入|工资|月薪|年薪|房贷|房租|花销|开销|经济|\bbudget\b|\bafford|\bincome\b|\bsalary\b|\bsaving|\bmortgage\b|\brent\b|\bcheap\b|\bfrugal\b/iu,
  schedule:
    /每天|每周|每晚|每早|工作日|周末|上班|下班|加班|夜班|轮班|通勤|作息|起床|睡觉|熬夜|早起|早睡|有空|没空|空闲|\bevery (?:day|week|morning|evening|night)\b|\bweekdays?\b|\bweekends?\b|\bshifts?\b|\bcommut|\bschedule\b|\broutine\b|\bbusy\b|\bfree time\b|\bwakes? up\b|\bbedtime\b/iu,
};

/**
 * A keyword that is itself the name of a kind, as the keywords prompt asks the model to give
 * ("home city", "family", "diet", "居住地", "家人"): matched as the whole keyword, so "family
 * car" or "home office" is not a household or a residence.
 */
const KIND_KEYWORDS: Record<ProfileKind, RegExp> = {
  residence:
    /^(?:home city|home town|current city|city of residence|residence|place of residence|location|home|address|relocation|moving|居住地|所在地|所在城市|居住城市|常住地|住址|住所|住处|居住|搬家|定居)$/iu,
  household:
    /^(?:family|household|family members?|kids|children|parenting|pets?|spouse|partner|roommates?|家人|家庭|家庭成员|家属|孩子|子女|育儿|亲子|宠物|配偶|伴侣|室友)$/iu,
  work: /^(?:job|work|occupation|career|profession|employer|workplace|工作|职业|职业身份|工作经历|岗位|职位|单位|公司)$/iu,
  diet: /^(?:diet|dietary (?:restrictions?|preferences?|needs)|food preferences?|eating habits|allerg(?:y|ies)|food allerg(?:y|ies)|饮食|饮食偏好|饮食习惯|饮食限制|忌口|口味|过敏|食物过敏)$/iu,
  health:
    /^(?:health|medical|injury|injuries|health condition|physical condition|健康|身体状况|伤病|旧伤|疾病|病史)$/iu,
  budget: /^(?:budget|finances?|income|spending|money|savings|预算|收入|开销|花销|消费|理财|财务)$/iu,
  schedule:
    /^(?:schedule|routine|daily routine|work hours|working hours|availability|free time|sleep|commute|time management|作息|日程|时间安排|通勤|空闲时间|睡眠|工作时间|日常安排)$/iu,
};

/** The kinds of circumstance a memory states: from its text, or a keyword that names the kind. */
export function profileKinds(content: string, keywords: readonly string[] = []): ProfileKind[] {
  const normal = content.normalize('NFKC');
  const names = keywords.map((k) => k.normalize('NFKC').trim());
  return PROFILE_KINDS.filter((k) => KIND_CUES[k].test(normal) || names.some((n) => KIND_KEYWORDS[k].test(n)));
}

/**
 * A draft that names the user's own circumstance of a kind, as the thing it is about, whatever
 * it asks ("what's the weather like in the city I live in?", "我住的地方附近", "my kids",
 * "我的作息"): memories of that kind are what the words stand for.
 */
const SELF_CUES: Partial<Record<ProfileKind, RegExp>> = {
  residence:
    /我(?:现在|目前|们)?(?:住|居住|生活|待)的(?:地方|城市|城|区|小区|那边|这边|那儿|这儿|那里|这里)|我(?:现在|目前|们)?所在的?(?:城市|地方|地区|城)|我(?:们)?(?:家)?(?:附近|周边|楼下|旁边)|离我(?:家|住的地方)|我住(?:的)?(?:附近|那边|这边)|我们这(?:儿|里|边)|我这(?:儿|里|边)|本地|本市|\b(?:city|town|area|place|neighbou?rhood|country|state) (?:i|we) (?:live|moved|am living|'m living|now live)(?: in| to)?\b|\bwhere (?:i|we) (?:live|am living|'m living|moved to|now live)\b|\bnear (?:my )?(?:home|house|place|me)\b|\baround (?:here|me|my (?:home|place|area))\b|\bmy (?:city|town|neighbou?rhood|area)\b|\bin my area\b|\bnearby\b/iu,
  household:
    /我(?:的)?(?:家人|家里人|全家|一家人|家庭|孩子|小孩|娃|女儿|儿子|老婆|老公|爱人|太太|丈夫|妻子|父母|爸妈|宠物|室友)|我们(?:一家|全家|家)|\bmy (?:family|kids?|children|child|daughters?|sons?|wife|husband|partner|spouse|parents|pets?|dogs?|cats?|household|roommates?)\b|\b(?:the people|who) i live with\b/iu,
  diet: /我(?:能|可以|不能|不可以)吃|我的(?:饮食|口味|忌口)|我忌口|适合我吃|\bmy (?:diet|dietary|allerg\w*|food restrictions?)\b|\bi (?:can|can't|cannot) eat\b/iu,
  health: /我的(?:身体|健康|伤|病)|我这(?:身体|情况)|\bmy (?:health|condition|injury|injuries)\b/iu,
  schedule:
    /我的(?:时间|作息|日程|安排|空闲)|我(?:什么时候|几点|哪天)有空|\bmy (?:schedule|routine|free time|availability)\b|\bwhen (?:i'm|i am) free\b/iu,
};

/** The kinds the draft names as the user's own. */
export function selfKinds(draft: string): ProfileKind[] {
  const text = draft.normalize('NFKC');
  return PROFILE_KINDS.filter((k) => SELF_CUES[k]?.test(text) ?? false);
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
  food: { residence: 0.3, household: 0.5, work: 0, diet: 1, health: 0.6, budget: 0.3, schedule: 0.3 },
  outing: { residence: 1, household: 1, work: 0, diet: 0.3, health: 0.6, budget: 0.4, schedule: 0.5 },
  shopping: { residence: 0.3, household: 0.7, work: 0.3, diet: 0, health: 0.2, budget: 1, schedule: 0 },
  exercise: { residence: 0.5, household: 0.2, work: 0, diet: 0.3, health: 1, budget: 0.2, schedule: 0.7 },
  time: { residence: 0.3, household: 0.6, work: 0.6, diet: 0, health: 0.4, budget: 0, schedule: 1 },
  career: { residence: 0.4, household: 0.2, work: 1, diet: 0, health: 0, budget: 0.3, schedule: 0.3 },
  leisure: { residence: 0, household: 0.3, work: 0, diet: 0, health: 0, budget: 0.2, schedule: 0.3 },
  general: { residence: 0.4, household: 0.4, work: 0.3, diet: 0.3, health: 0.3, budget: 0.3, schedule: 0.3 },
};

export interface AdviceContext {
  /** How much each profile kind matters to this request (0 when the draft asks no advice). */
  relevance: Readonly<Record<ProfileKind, number>>;
}

/**
 * Null when the draft neither asks for advice, a recommendation or a plan, nor names the
 * user's own circumstances. A kind the draft names counts fully.
 */
export function adviceContext(draft: string): AdviceContext | null {
  const text = draft.normalize('NFKC');
  const own = selfKinds(text);
  const advice = ADVICE.test(text);
  if (!advice && own.length === 0) return null;
  const domains = advice ? DOMAINS.filter((d) => DOMAIN_CUES[d].test(text)) : [];
  const rows = advice ? (domains.length > 0 ? domains.map((d) => RELEVANCE[d]) : [RELEVANCE.general]) : [];
  const relevance = Object.fromEntries(
    PROFILE_KINDS.map((k) => [k, own.includes(k) ? 1 : Math.max(0, ...rows.map((r) => r[k]))]),
  ) as Record<ProfileKind, number>;
  return { relevance };
}

/** How much a memory of these kinds matters to the request (the best of its kinds). */
export function profileRelevance(kinds: readonly ProfileKind[], advice: AdviceContext | null): number {
  if (!advice) return 0;
  let best = 0;
  for (const k of kinds) best = Math.max(best, advice.relevance[k]);
  return best;
}
