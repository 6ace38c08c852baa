/** How far either side of the event the chart of the moment reaches (seconds). */
export const CHART_SECONDS = 30;
