import * as echarts from 'echarts';
const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 500, height: 260 });
chart.setOption({ animation: false, legend: { bottom: 0 }, xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', name: 'ဘယ်ကွေ့', data: [1] }] });
console.log(chart.renderToSVGString().split('\n').filter((l) => /<g|<text|legend/.test(l)).join('\n'));
