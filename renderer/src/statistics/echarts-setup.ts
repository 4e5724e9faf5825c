import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the charts and parts the statistics draw are bundled (echarts/core is tree-shakable), and
// they load with the statistics screen's own chunk, never with the desk. SVG: crisp at any desk
// scaling, and every bar and slice is in the page for assistive technology and tests.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DatasetComponent, AriaComponent, SVGRenderer]);

export { echarts };
/** A chart's option, as echarts/core types it. */
export type ChartOption = echarts.EChartsCoreOption;
