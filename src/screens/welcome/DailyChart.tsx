import { Group, Text } from '@mantine/core';
import type { DailyCount } from '../../../worker/types';
import classes from './DailyChart.module.css';
import { dayLabel, niceMax } from './chartScale';
import { useI18n } from '../../i18n';

const W = 600;
const H = 160;
const LEFT = 28;
const BOTTOM = 18;

/**
 * Articles per day as stacked bars (unread on read), plain SVG so it costs no chart library and
 * follows the theme through CSS variables. Each bar has a tooltip with the date and counts.
 */
export function DailyChart({ days }: { days: DailyCount[] }) {
  const { t, lang, formatNumber } = useI18n();
  const max = niceMax(Math.max(0, ...days.map((d) => d.read + d.unread)));
  const plotH = H - BOTTOM;
  const slot = (W - LEFT) / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (n: number) => plotH - (n / max) * (plotH - 6);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const totalRead = days.reduce((n, d) => n + d.read, 0);
  const totalUnread = days.reduce((n, d) => n + d.unread, 0);
  return (
    <div data-testid="welcome-chart" data-days={days.length}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className={classes.chart}
        role="img"
        aria-label={t('welcome.chart.label', { count: days.length, unread: totalUnread, read: totalRead })}
      >
        {[0, max / 2, max].map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={W} y1={y(v)} y2={y(v)} className={classes.grid} />
            <text x={LEFT - 6} y={y(v) + 3} textAnchor="end" className={classes.label}>
              {formatNumber(v)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = LEFT + i * slot + (slot - barW) / 2;
          return (
            <g
              key={d.date}
              className={classes.day}
              data-testid="chart-day"
              data-date={d.date}
              data-read={d.read}
              data-unread={d.unread}
            >
              <title>
                {t('welcome.chart.day', { day: dayLabel(d.date, lang), unread: d.unread, read: d.read })}
              </title>
              {/* A full-height transparent target keeps the tooltip reachable on empty days. */}
              <rect x={LEFT + i * slot} y={0} width={slot} height={plotH} fill="transparent" />
              {d.read > 0 && (
                <rect
                  x={x}
                  y={y(d.read)}
                  width={barW}
                  height={plotH - y(d.read)}
                  rx={1.5}
                  className={classes.read}
                />
              )}
              {d.unread > 0 && (
                <rect
                  x={x}
                  y={y(d.read + d.unread)}
                  width={barW}
                  height={y(d.read) - y(d.read + d.unread)}
                  rx={1.5}
                  className={classes.unread}
                />
              )}
              {labelled.has(i) && (
                <text x={x + barW / 2} y={H - 4} textAnchor="middle" className={classes.label}>
                  {dayLabel(d.date, lang)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Group gap="md" mt={6}>
        <Text size="xs" c="dimmed">
          <span
            className={`${classes.swatch}`}
            style={{ background: 'var(--mantine-primary-color-filled)' }}
          />
          {t('welcome.chart.unread', { n: totalUnread })}
        </Text>
        <Text size="xs" c="dimmed">
          <svg width={10} height={10} style={{ marginRight: 6, verticalAlign: -1 }} aria-hidden>
            <rect width={10} height={10} rx={2} className={classes.read} />
          </svg>
          {t('welcome.chart.read', { n: totalRead })}
        </Text>
      </Group>
    </div>
  );
}
