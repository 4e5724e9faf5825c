import { useEffect, useRef } from 'react';
import { deskFontFamily } from '../app/desk-font';
import { echarts, type ChartOption } from './echarts-setup';

/** Props of one chart. */
export interface StatisticsChartProps {
  /** What the chart shows (its accessible name and its test id's tail). */
  label: string;
  testId: string;
  option: ChartOption;
}

/** One ECharts chart in a box of the page's width, redrawn when its option changes and resized with the window. */
export function StatisticsChart({ label, testId, option }: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return undefined;
    const instance = echarts.init(box.current, null, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // ECharts writes its own font on every text it draws: the desk's stack, so Chinese labels never fall to boxes.
    chart.current?.setOption({ ...option, textStyle: { fontFamily: deskFontFamily } }, { notMerge: true });
  }, [option]);
  return <div ref={box} className="statistics__chart" role="img" aria-label={label} data-testid={`statistics-chart-${testId}`} />;
}
