import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';

export interface ViewsChartProps {
  /** Views per day (yyyy-MM-dd in America/Sao_Paulo) over the first 7 days. */
  days: { dia: string; qtd: number }[];
}

// A calendar day at noon UTC is the same day in America/Sao_Paulo, whatever the formatter's zone.
const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`, currentLanguage()).slice(0, 5);

/**
 * The chart of views over a publication's first 7 days (recharts), with the same figures as a
 * table for screen readers and keyboard users.
 */
export function ViewsChart({ days }: ViewsChartProps) {
  const { t } = useTranslation();
  const data = days.map((day) => ({ label: dayLabel(day.dia), qtd: day.qtd }));
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-base font-semibold text-slate-900">
        {t('admin.publicationsAdmin.reach.chartTitle')}
      </figcaption>
      <div aria-hidden="true" className="h-56 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            // The table below carries the figures for assistive technology; the drawing stays out of the tab order.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: '#334155', fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
            <Tooltip formatter={(value) => [value, t('admin.publicationsAdmin.reach.views')]} />
            <Bar
              dataKey="qtd"
              fill="var(--color-primary-600)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('admin.publicationsAdmin.reach.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.publicationsAdmin.reach.day')}</th>
            <th scope="col">{t('admin.publicationsAdmin.reach.views')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.label}>
              <th scope="row">{day.label}</th>
              <td>{day.qtd}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
