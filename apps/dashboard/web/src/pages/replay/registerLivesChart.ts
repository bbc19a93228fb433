import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Only what the lives chart draws (lines on a category axis, a tooltip): chart.js tree-shakes the
 * rest. Imported by the lazily loaded chart alone, so chart.js is in neither the main bundle nor
 * the replay's first chunk.
 */
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);
