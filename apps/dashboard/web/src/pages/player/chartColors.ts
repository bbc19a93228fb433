import { useMemo } from 'react';
import { useTheme } from '../../theme/theme';
import type { ChartColors } from './chartData';

/**
 * Canvas cannot use CSS variables, so the colours are read from the stylesheet (styles.css,
 * which sets them per theme) and read again when the theme changes.
 */
export function readChartColors(root: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: v('--chart-line', '#b3261e'),
    grid: v('--chart-grid', 'rgba(127,127,127,0.25)'),
    text: v('--fg-muted', '#555'),
    classes: {
      truthful: v('--mark-truthful', '#2e7d32'),
      over: v('--mark-over', '#c62828'),
      under: v('--mark-under', '#b26a00'),
      blind: v('--mark-blind', '#5e35b1'),
      pass: v('--mark-pass', '#546e7a'),
    },
  };
}

export function useChartColors(): ChartColors {
  const { theme } = useTheme();
  // `theme` is not read inside, but a new theme changes the variables that are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is the trigger (see above)
  return useMemo(() => readChartColors(), [theme]);
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
