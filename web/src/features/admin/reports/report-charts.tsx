import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '@shared/admin-reports';
import { formatInr } from '@shared/money';

/*
 * The Reports tab's charts (recharts is imported here only, so it lives in this lazy tab's chunk).
 * Each chart has a text caption; the same numbers are in the tables under it.
 */

const colours = ['#2d5a3d', '#c58b2b', '#3d7ea6', '#9b4d6a', '#6b7d2a', '#7a5c3e'];
const money = (value: unknown) => formatInr(Number(value));
const percent = (value: unknown) => `${Number(value).toFixed(1)}%`;
const compactInr = (value: number) => (value >= 100000 ? `₹${(value / 100000).toFixed(1)}L` : value >= 1000 ? `₹${Math.round(value / 1000)}k` : `₹${value}`);

function Figure({ title, caption, children }: { title: string; caption: string; children: React.ReactElement }) {
  return (
    <figure className="report-chart">
      <figcaption>
        <strong>{title}</strong>
        <span className="muted">{caption}</span>
      </figcaption>
      <div className="report-chart__plot">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export function RevenueChart({ report }: { report: Report }) {
  const unit = report.series.granularity;
  return (
    <Figure title="Revenue" caption={`Room revenue and booking value (₹) by ${unit}, ${report.current.range.start} to ${report.current.range.end}`}>
      <BarChart data={report.series.points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
        <YAxis tickFormatter={compactInr} tick={{ fontSize: 11 }} width={56} />
        <Tooltip formatter={money} />
        <Legend />
        <Bar dataKey="roomRevenue" name="Room revenue" fill={colours[0]} isAnimationActive={false} />
        <Bar dataKey="bookingValue" name="Booking value" fill={colours[1]} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}

export function OccupancyChart({ report }: { report: Report }) {
  return (
    <Figure title="Occupancy" caption={`Room nights sold as % of available, by ${report.series.granularity}`}>
      <LineChart data={report.series.points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
        <YAxis domain={[0, 100]} tickFormatter={(value: number) => `${value}%`} tick={{ fontSize: 11 }} width={44} />
        <Tooltip formatter={percent} />
        <Legend />
        <Line type="monotone" dataKey="occupancyPct" name="Occupancy %" stroke={colours[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </Figure>
  );
}

export function BreakdownChart({ report, view }: { report: Report; view: 'revenue' | 'occupancy' | 'safaris' | 'packages' }) {
  if (view === 'packages' || view === 'revenue') {
    const data = report.current.packages.map((entry) => ({ name: entry.name, value: entry.bookings, share: entry.sharePct }));
    return (
      <Figure title="Package take-up" caption="Share of bookings made in the period, per package">
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            outerRadius="75%"
            label={({ payload }: { payload?: { share: number } }) => `${payload?.share ?? 0}%`}
            isAnimationActive={false}
          >
            {data.map((entry, index) => (
              <Cell key={entry.name} fill={colours[index % colours.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </Figure>
    );
  }
  const data =
    view === 'safaris'
      ? report.current.safaris.map((safari) => ({ name: safari.name, value: safari.usePct }))
      : report.current.stayKinds.map((villa) => ({ name: villa.name, value: villa.occupancyPct }));
  return (
    <Figure
      title={view === 'safaris' ? 'Safari seat use' : 'Occupancy by villa type'}
      caption={view === 'safaris' ? 'Seats sold as % of seats offered' : 'Room nights sold as % of available'}
    >
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} tickFormatter={(value: number) => `${value}%`} tick={{ fontSize: 11 }} />
        <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 11 }} />
        <Tooltip formatter={percent} />
        <Bar dataKey="value" name="Use %" fill={colours[2]} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}
