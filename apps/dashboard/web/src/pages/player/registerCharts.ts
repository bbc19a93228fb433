import { ArcElement, CategoryScale, Chart, DoughnutController, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Only what the player page draws (a line and a doughnut) is registered: chart.js tree-shakes
 * the rest (bar, radar, legend, …) out of the bundle. Imported by the lazily loaded player page,
 * so none of chart.js is in the first download.
 */
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, DoughnutController, ArcElement, Tooltip);
