/* The inventory calendar (tape chart) of the portal: every unit, every night of a range (docs/product.md#inventory-calendar). */

/** The longest range one read covers. */
export const CHART_MAX_DAYS = 62;

/** One stay on a unit's row: a booking (paid or confirmed), a hold (unpaid, until `heldUntil`), a block or a channel's stay. */
export type ChartBar = {
  kind: 'booking' | 'hold' | 'block' | 'channel';
  id: string;
  /** The first night and the day after the last (check-out), like a stay, cut to the range asked for. */
  start: string;
  end: string;
  /** The stay began before the range, or goes on after it. */
  continuesBefore?: true;
  continuesAfter?: true;
  label: string;
  reference?: string;
  status?: string;
  heldUntil?: string;
  reason?: string;
};

/** A night a channel sold that a booking, a block or another channel holds here (an overbooking to sort out). */
export type ChartConflict = { night: string; channelId: string; channel: string; heldBy: string };

export type ChartUnit = { id: string; name: string; type: string; status: string; bars: ChartBar[]; conflicts: ChartConflict[] };

export type InventoryChart = { from: string; to: string; units: ChartUnit[] };
