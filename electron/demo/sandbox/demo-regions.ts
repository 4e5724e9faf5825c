/**
 * Real province / city / district triples with a few real street names each, for the sandbox's
 * sold orders. Quirks on purpose: one short province name ("重庆", as some platforms send it)
 * and one city without districts (东莞市, district empty).
 */

/** One receiving area: province, city, district and streets found there. */
export interface DemoRegion {
  province: string;
  city: string;
  /** Empty for cities without districts. */
  district: string;
  streets: readonly string[];
  /** Relative frequency among orders (big cities order more). */
  weight: number;
}

/** The areas demo orders are sent to. */
export const DEMO_REGIONS: readonly DemoRegion[] = [
  { province: '浙江省', city: '杭州市', district: '西湖区', streets: ['文三路', '天目山路', '古墩路'], weight: 8 },
  { province: '浙江省', city: '杭州市', district: '余杭区', streets: ['文一西路', '五常大道', '良睦路'], weight: 6 },
  { province: '浙江省', city: '宁波市', district: '鄞州区', streets: ['天童南路', '中山东路'], weight: 3 },
  { province: '浙江省', city: '温州市', district: '鹿城区', streets: ['车站大道', '人民路'], weight: 2 },
  { province: '上海市', city: '上海市', district: '浦东新区', streets: ['张杨路', '世纪大道', '川沙路'], weight: 9 },
  { province: '上海市', city: '上海市', district: '闵行区', streets: ['七莘路', '莘庄路'], weight: 5 },
  { province: '北京市', city: '北京市', district: '朝阳区', streets: ['望京街', '建国路', '朝阳北路'], weight: 8 },
  { province: '北京市', city: '北京市', district: '海淀区', streets: ['中关村大街', '学院路'], weight: 6 },
  { province: '天津市', city: '天津市', district: '南开区', streets: ['卫津路', '红旗南路'], weight: 2 },
  { province: '重庆', city: '重庆市', district: '渝北区', streets: ['金开大道', '新牌坊一路'], weight: 4 },
  { province: '广东省', city: '深圳市', district: '南山区', streets: ['科技园南路', '南海大道', '桃园路'], weight: 8 },
  { province: '广东省', city: '广州市', district: '天河区', streets: ['天河路', '体育西路', '黄埔大道西'], weight: 7 },
  { province: '广东省', city: '东莞市', district: '', streets: ['南城街道鸿福路', '东城街道东纵大道'], weight: 3 },
  { province: '江苏省', city: '南京市', district: '鼓楼区', streets: ['中山北路', '湖南路'], weight: 4 },
  { province: '江苏省', city: '苏州市', district: '工业园区', streets: ['星湖街', '现代大道'], weight: 4 },
  { province: '四川省', city: '成都市', district: '武侯区', streets: ['科华北路', '一环路南四段'], weight: 5 },
  { province: '湖北省', city: '武汉市', district: '洪山区', streets: ['珞喻路', '光谷大道'], weight: 4 },
  { province: '湖南省', city: '长沙市', district: '岳麓区', streets: ['麓山南路', '枫林三路'], weight: 3 },
  { province: '福建省', city: '厦门市', district: '思明区', streets: ['湖滨南路', '厦禾路'], weight: 3 },
  { province: '山东省', city: '青岛市', district: '黄岛区', streets: ['长江中路', '井冈山路'], weight: 3 },
  { province: '河南省', city: '郑州市', district: '金水区', streets: ['花园路', '经三路'], weight: 3 },
  { province: '陕西省', city: '西安市', district: '雁塔区', streets: ['小寨东路', '科技路'], weight: 3 },
  { province: '辽宁省', city: '沈阳市', district: '和平区', streets: ['南京南街', '太原北街'], weight: 2 },
  { province: '黑龙江省', city: '哈尔滨市', district: '南岗区', streets: ['西大直街', '红军街'], weight: 2 },
  { province: '吉林省', city: '长春市', district: '朝阳区', streets: ['西安大路', '红旗街'], weight: 1 },
  { province: '河北省', city: '石家庄市', district: '长安区', streets: ['中山东路', '建设北大街'], weight: 2 },
  { province: '山西省', city: '太原市', district: '小店区', streets: ['长风街', '体育路'], weight: 1 },
  { province: '安徽省', city: '合肥市', district: '蜀山区', streets: ['长江西路', '潜山路'], weight: 3 },
  { province: '江西省', city: '南昌市', district: '红谷滩区', streets: ['红谷中大道', '丰和中大道'], weight: 2 },
  { province: '广西壮族自治区', city: '南宁市', district: '青秀区', streets: ['民族大道', '金湖路'], weight: 2 },
  { province: '云南省', city: '昆明市', district: '五华区', streets: ['人民中路', '东风西路'], weight: 2 },
  { province: '贵州省', city: '贵阳市', district: '观山湖区', streets: ['长岭北路', '林城西路'], weight: 1 },
  { province: '海南省', city: '海口市', district: '美兰区', streets: ['海府路', '国兴大道'], weight: 1 },
  { province: '甘肃省', city: '兰州市', district: '城关区', streets: ['东岗西路', '庆阳路'], weight: 1 },
  { province: '内蒙古自治区', city: '呼和浩特市', district: '赛罕区', streets: ['新华东街', '大学东街'], weight: 1 },
  { province: '宁夏回族自治区', city: '银川市', district: '兴庆区', streets: ['解放西街', '北京东路'], weight: 1 },
  { province: '青海省', city: '西宁市', district: '城西区', streets: ['五四西路', '胜利路'], weight: 1 },
  { province: '新疆维吾尔自治区', city: '乌鲁木齐市', district: '天山区', streets: ['解放南路', '新华北路'], weight: 1 },
  { province: '西藏自治区', city: '拉萨市', district: '城关区', streets: ['北京中路', '金珠西路'], weight: 1 },
];
