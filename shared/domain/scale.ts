/**
 * The desk scale as the station sees it: how its frames are read, the units it may weigh in, and
 * the state the header and the desk show. The main process reads the serial port; the renderer
 * only ever sees a `ScaleView` through the IPC contract.
 */

/**
 * How a scale sends its weight:
 * - `status-line`: continuous lines such as `ST,GS,+  1.234kg` (ST stable, US unstable, OL overload; GS gross, NT net);
 * - `number-line`: continuous lines of a signed number with an optional unit (`+001.234kg`, `  523 g`);
 * - `reversed-digits`: continuous frames of `=` and the digits sent last first (耀华 XK3190-A9 and its kin: 1.234 arrives as `=432.1000`);
 * - `poll`: nothing is sent until the station writes the poll command; the answer is a status line or a number line.
 */
export const SCALE_FRAMINGS = ['status-line', 'number-line', 'reversed-digits', 'poll'] as const;
/** A scale's framing. */
export type ScaleFraming = (typeof SCALE_FRAMINGS)[number];

/** The units a scale weighs in (a frame's own unit wins; this one counts where the frame carries none). */
export const SCALE_UNITS = ['kg', 'g', 'lb', 'oz'] as const;
/** A scale's unit. */
export type ScaleUnit = (typeof SCALE_UNITS)[number];

/** The serial speeds desk scales use. */
export const SCALE_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

/** Grams in one of each unit. */
export const GRAMS_PER_UNIT: Readonly<Record<ScaleUnit, number>> = { kg: 1000, g: 1, lb: 453.59237, oz: 28.349523125 };

/**
 * What the scale is doing, for the header and the desk:
 * - `off`: no scale set in Settings;
 * - `connecting`: the port is being opened;
 * - `unplugged`: the port is missing or closed (unplugged, another program holds it); opened again every second;
 * - `waiting`: the port is open but no frame came for a while (scale switched off, wrong baud rate);
 * - `garbage`: frames keep coming that cannot be read (wrong framing or baud rate);
 * - `overload`: the scale reports overload;
 * - `unstable`: readings still move (or the scale says so);
 * - `stable`: the same weight for the set time: `grams` is the weight to send.
 */
export type ScaleStateKind = 'off' | 'connecting' | 'unplugged' | 'waiting' | 'garbage' | 'overload' | 'unstable' | 'stable';

/** The scale as the renderer sees it. */
export interface ScaleView {
  state: ScaleStateKind;
  /** The weight: stable in `stable`, the latest reading in `unstable`; null otherwise. Whole grams. */
  grams: number | null;
  /** The port in use (`/dev/ttyUSB0`, `COM3`); empty while off. */
  port: string;
  /** The last frame that could not be read (`garbage`), as received (control characters shown as `·`), else null. */
  unreadable: string | null;
  /** Why the port could not be opened (`unplugged`), in the system's words, else null. */
  portError: string | null;
  /** When the view last changed (epoch ms). */
  at: number;
}

/** Whole grams of a weight in a unit. */
export function gramsOf(value: number, unit: ScaleUnit): number {
  const grams = Math.round(value * GRAMS_PER_UNIT[unit]);
  // A scale reads "-0.000" at zero: that is no weight, not a negative one.
  return grams === 0 ? 0 : grams;
}
