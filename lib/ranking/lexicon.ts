/**
 * A small bilingual thesaurus of everyday concepts, for query expansion. Users say
 * the same thing with other words ("瘦身" for "减脂", "老婆" for "妻子", "kids" for "daughter"),
 * and without a vector model the ranker only sees that through a list like this. Each line is
 * one concept: words that name it or its usual parts, Chinese and English. It is general
 * vocabulary on purpose (family, body, food, home, work, money, study, travel, tech); it must
 * never name anything from a benchmark. Expanded terms weigh less than the user's own words.
 */
import { hasCjk } from '../cjk';

const CONCEPTS = `
孩子 小孩 娃 小朋友 儿子 女儿 宝宝 闺女 孩 kid child son daughter baby
妻子 老婆 爱人 太太 媳妇 wife spouse
丈夫 老公 先生 爱人 husband spouse
父母 爸妈 爸爸 妈妈 父亲 母亲 老人 parents mom dad mother father
男朋友 女朋友 对象 伴侣 boyfriend girlfriend partner
兄弟 姐妹 哥哥 弟弟 姐姐 妹妹 brother sister sibling
朋友 同学 同事 friend colleague classmate
老板 领导 导师 上司 经理 boss manager supervisor advisor
学生 班级 学员 student class pupil
锻炼 健身 运动 跑步 游泳 器械 瑜伽 骑车 爬山 跳绳 exercise workout gym fitness run swim yoga hike
减肥 减脂 瘦身 体重 公斤 斤 胖 diet weight fat
受伤 膝盖 腰 伤 疼 injury knee pain
过敏 allergy allergic pollen
失眠 睡眠 睡觉 熬夜 作息 早起 sleep insomnia bedtime
医生 医院 看病 体检 doctor hospital clinic
吃 饭 菜 做饭 下厨 菜单 晚饭 午饭 早饭 食谱 口味 餐 cook meal dinner lunch breakfast food recipe
辣 清淡 口味 spicy bland taste
咖啡 茶 奶茶 饮料 提神 牛奶 coffee tea drink milk caffeine
书 小说 阅读 读书 看书 作家 book novel reading author
电影 电视剧 综艺 纪录片 movie film show series
音乐 歌 唱歌 乐器 music song concert
旅行 旅游 出去玩 度假 行程 出游 景点 trip travel vacation holiday itinerary
春节 过年 元旦 假期 寒假 暑假 国庆 节假日 holiday vacation break
冬天 夏天 春天 秋天 季节 天气 怕热 winter summer spring autumn weather cold
家 住 住在 搬家 搬到 小区 附近 home live house apartment move neighborhood
车 开车 买车 汽车 电动车 car drive vehicle
通勤 上下班 地铁 公交 commute subway bus
工作 上班 岗位 职位 公司 入职 job work career company position
求职 简历 面试 秋招 春招 实习 offer 找工作 resume interview internship hiring
晋升 升职 答辩 绩效 promotion review performance
收入 赚钱 营收 利润 收费 付费 订阅 income revenue earnings profit subscription
花销 开销 预算 生活费 花钱 消费 省钱 budget expense spending cost
广告 投放 推广 营销 获客 ads advertising marketing promotion
海外 出国 国际化 国外 overseas abroad international
考试 备考 复习 刷题 考 exam test study
学习 自学 课程 上课 课 learn study course lesson
论文 投稿 审稿 期刊 发表 paper journal publication manuscript review
报告 汇报 组会 周报 ppt 幻灯片 presentation report slides
写作 文章 复盘 博客 稿子 writing article essay blog post
猫 狗 宠物 猫咪 狗狗 cat dog pet kitten puppy
玩具 礼物 生日 gift present toy birthday
电脑 笔记本 显示器 屏幕 键盘 鼠标 computer laptop monitor screen keyboard
手机 平板 ipad iphone phone tablet
编辑器 ide 配置 插件 快捷键 editor config plugin
代码 编程 开发 写代码 程序 code coding programming develop
数据库 mysql postgres 表 sql database
容器 集群 kubernetes k8s docker container cluster
日志 log logging 监控 告警 monitoring alert
服务器 机器 gpu 显卡 算力 server machine
依赖 安装 包 环境 dependency install package environment
测试 验证 回归 test testing verify regression
bug 报错 闪退 崩溃 异常 排查 crash error bug debug
性能 慢 卡 优化 延迟 performance slow latency optimize
前端 界面 页面 组件 ui frontend component page
app 应用 小程序 application
照片 相册 拍照 photo picture camera
房子 房租 租房 买房 房贷 rent mortgage
钱 存款 理财 投资 基金 股票 money saving invest stock
`;

export interface Concept {
  cjk: readonly string[];
  latin: readonly string[];
}

let concepts: Concept[] | null = null;

/** Parsed once, on first use. */
export function allConcepts(): readonly Concept[] {
  concepts ??= CONCEPTS.trim()
    .split('\n')
    .map((line) => {
      const words = line.trim().split(/\s+/);
      return { cjk: words.filter(hasCjk), latin: words.filter((w) => !hasCjk(w)) };
    });
  return concepts;
}
