/**
 * A small bilingual thesaurus for query expansion. Without a vector model the ranker sees
 * "the same thing in other words" only through a list like this one, so the list is built from
 * general, citable principles and never from a benchmark or its misses:
 * - translation pairs: each set gives a concept's everyday Chinese words and their English
 *   dictionary equivalents, so a Chinese memory meets an English request and the reverse;
 * - synonym sets of common vocabulary (kinship terms, body parts, meals and food, home, work,
 *   study, money, transport and travel, seasons and times of day, leisure, sport, sleep,
 *   devices), the topic groups of a beginner's vocabulary list;
 * - hypernyms (WordNet's "is a kind of"): a general word before `:` also finds its kinds after
 *   it ("family" finds a daughter, "book" finds a novel), never the other way round.
 * Expanded terms weigh less than the user's own words (weights.ts).
 */
import { hasCjk } from '../cjk';

const LEXICON = `
孩子 小孩 小朋友 儿童 娃 kid kids child children
女儿 闺女 daughter
儿子 son
宝宝 婴儿 baby infant toddler
妻子 老婆 太太 媳妇 wife
丈夫 老公 husband
爱人 配偶 伴侣 spouse partner
父母 爸妈 双亲 parents
父亲 爸爸 老爸 father dad
母亲 妈妈 老妈 mother mom mum
祖父母 爷爷 奶奶 外公 外婆 姥姥 姥爷 grandparents grandfather grandmother grandpa grandma
兄弟姐妹 哥哥 弟弟 姐姐 妹妹 siblings brother sister
男朋友 男友 boyfriend
女朋友 女友 girlfriend
亲戚 亲人 relatives relative
家人 家庭 家里人 全家 一家 family household : 孩子 女儿 儿子 宝宝 妻子 丈夫 爱人 父母 父亲 母亲 祖父母 兄弟姐妹 亲戚
孩子 kids children : 女儿 儿子 宝宝
猫 猫咪 cat cats kitten
狗 狗狗 小狗 dog dogs puppy
宠物 pet pets : 猫 狗
头 head
眼睛 eye eyes
牙 牙齿 tooth teeth
脖子 颈椎 neck
肩膀 shoulder
背 后背 back
腰 腰部 waist
胃 stomach
膝盖 knee knees
脚 foot feet
手 hand hands
皮肤 skin
身体 健康 body health : 头 眼睛 牙 脖子 肩膀 背 腰 胃 膝盖 脚 手 皮肤 受伤 疼痛 生病 过敏 失眠
受伤 伤 injury injured
疼痛 疼 痛 pain ache
生病 病 感冒 发烧 ill sick illness flu fever
过敏 allergy allergic
医生 大夫 doctor
医院 诊所 hospital clinic
早饭 早餐 breakfast
午饭 午餐 lunch
晚饭 晚餐 dinner supper
做饭 下厨 烹饪 cook cooking
菜谱 食谱 recipe recipes
餐厅 饭店 饭馆 restaurant
外卖 takeout takeaway
零食 snack snacks
水果 fruit
蔬菜 vegetable vegetables
肉 meat
海鲜 seafood
素食 吃素 vegetarian vegan
辣 spicy
甜 sweet
饮食 伙食 吃饭 food meal meals eat : 早饭 午饭 晚饭 做饭 菜谱 餐厅 外卖 零食 水果 蔬菜 肉 海鲜 素食 辣 甜
咖啡 coffee
茶 tea
酒 alcohol wine beer
牛奶 milk
果汁 juice
饮料 drink drinks beverage : 咖啡 茶 酒 牛奶 果汁
家 住 住在 居住 住址 home live lives living reside
搬家 搬到 搬去 move moved moving relocate
房子 住房 公寓 house apartment flat
租房 房租 rent
附近 周边 本地 当地 nearby local
城市 city
老家 家乡 故乡 hometown
住处 居住地 residence : 家 城市 老家 房子
工作 上班 职业 job work career
公司 单位 company employer
同事 colleague colleagues coworker
老板 上司 领导 经理 boss manager
加班 overtime
面试 interview
简历 resume
实习 internship
工资 薪水 月薪 年薪 收入 salary income pay wage
会议 开会 meeting
通勤 上下班 commute commuting
学习 study studying learn learning
考试 exam exams test
课程 课 course class lesson
学校 school
大学 university college
论文 paper thesis
作业 homework
老师 教师 teacher
学生 student
导师 advisor supervisor mentor
钱 money
预算 budget
花销 开销 开支 花费 expense expenses spending cost
存款 储蓄 存钱 savings save
投资 理财 invest investment
贷款 房贷 loan mortgage
价格 价钱 price
便宜 cheap affordable
财务 经济 finances finance money : 预算 花销 存款 投资 贷款 工资
旅行 旅游 出游 trip travel traveling
度假 假期 vacation holiday holidays
行程 itinerary
机票 航班 flight flights
酒店 宾馆 住宿 hotel accommodation
护照 passport
签证 visa
开车 驾车 drive driving
汽车 车 car
地铁 subway metro
公交 bus
火车 高铁 train
飞机 plane airplane
自行车 骑车 bike bicycle cycling
交通 出行 transport transportation : 开车 汽车 地铁 公交 火车 飞机 自行车 通勤
周末 weekend weekends
春天 春季 spring
夏天 夏季 summer
秋天 秋季 autumn fall
冬天 冬季 winter
天气 weather
早上 上午 早晨 morning
晚上 夜里 夜晚 evening night
季节 season seasons : 春天 夏天 秋天 冬天
书 书籍 图书 book books
小说 novel novels fiction
漫画 comic comics manga
杂志 magazine
阅读 读书 看书 read reading
书 阅读 book books reading : 小说 漫画 杂志
电影 movie movies film
电视剧 剧集 series
纪录片 documentary
音乐 music
歌 歌曲 song songs
游戏 game games gaming
摄影 拍照 photography photo photos
画画 绘画 drawing painting
爱好 兴趣 hobby hobbies interest : 阅读 电影 音乐 游戏 摄影 画画 运动
运动 锻炼 健身 exercise workout fitness sport sports
跑步 run running jog jogging
游泳 swim swimming
瑜伽 yoga
徒步 爬山 登山 hiking hike
健身房 gym
篮球 basketball
足球 football soccer
羽毛球 badminton
网球 tennis
运动 锻炼 健身 exercise workout sport sports : 跑步 游泳 瑜伽 徒步 健身房 篮球 足球 羽毛球 网球 自行车
睡觉 睡眠 sleep sleeping
失眠 insomnia
起床 wake
熬夜 晚睡 late night
电脑 计算机 computer
笔记本 laptop
手机 phone smartphone
平板 tablet
显示器 屏幕 monitor screen
键盘 keyboard
耳机 headphones earphones
相机 camera
设备 数码 devices gadget gadgets : 电脑 笔记本 手机 平板 显示器 键盘 耳机 相机
编程 写代码 代码 程序 coding programming code
数据库 database
服务器 server
礼物 gift gifts present
生日 birthday
玩具 toy toys
衣服 服装 clothes clothing
鞋 鞋子 shoes
购物 买东西 shopping : 礼物 衣服 鞋 玩具
`;

export interface Concept {
  /** Words that name the concept: finding one in a draft triggers it. */
  cjk: readonly string[];
  latin: readonly string[];
  /** Kinds of the concept, added too (their own synonyms with them); never triggers. */
  kinds: readonly Concept[];
}

let concepts: Concept[] | null = null;

function words(text: string): { cjk: string[]; latin: string[] } {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return { cjk: all.filter(hasCjk), latin: all.filter((w) => !hasCjk(w)) };
}

/** Parsed once, on first use: synonym sets first, then hypernym lines pointing at them. */
export function allConcepts(): readonly Concept[] {
  if (concepts) return concepts;
  const lines = LEXICON.trim().split('\n');
  const sets = lines.filter((l) => !l.includes(':')).map((l) => ({ ...words(l), kinds: [] as Concept[] }));
  const setOf = (word: string) => sets.find((s) => s.cjk.includes(word) || s.latin.includes(word));
  const kinds = lines
    .filter((l) => l.includes(':'))
    .map((l) => {
      const [head = '', tail = ''] = l.split(':');
      const members = tail
        .trim()
        .split(/\s+/)
        .map((w) => setOf(w) ?? { ...words(w), kinds: [] });
      return { ...words(head), kinds: members };
    });
  concepts = [...sets, ...kinds];
  return concepts;
}
