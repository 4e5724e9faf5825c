import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { gatewaySettingsSchema, printSettingsSchema, shopSettingsSchema } from '../../shared/settings/settings-schema';
import type { RunOverrides } from '../settings/effective-settings';

/** What a development or test run of the station was told on its command line or by environment. */
export interface RunOptions {
  /** The browser host's port (0: any free one). */
  port: number;
  dataDir: string | undefined;
  overrides: RunOverrides;
  /** Size of the embedded sandbox's demo shop on first start. */
  demoOrders: number | undefined;
}

/** Each option: its flag, the environment variable that stands in for it, and what its value is. */
const RUN_OPTIONS = {
  port: { env: 'STATION_HOST_PORT', value: '<n|0>' },
  'data-dir': { env: 'STATION_DATA_DIR', value: '<folder>' },
  'base-url': { env: 'STATION_BASE_URL', value: '<http(s) url>' },
  token: { env: 'STATION_TOKEN', value: '<token>' },
  shop: { env: 'STATION_SHOP_ID', value: '<shop id>' },
  'component-url': { env: 'STATION_COMPONENT_URL', value: '<ws(s) url>' },
  'demo-orders': { env: 'STATION_DEMO_ORDERS', value: '<n>' },
} as const;
type OptionName = keyof typeof RUN_OPTIONS;

/** Every option with its value, for messages that say what may be given. */
const RUN_OPTIONS_USAGE = Object.entries(RUN_OPTIONS)
  .map(([name, option]) => `--${name} ${option.value}`)
  .join(' ');

type Parsed = { ok: true; options: RunOptions } | { ok: false; message: string };

/**
 * Reads the run options of the browser host and of the Electron test entry: each flag, else its
 * STATION_* environment variable. Never used by the packaged app, whose main reads nothing but
 * the data folder. An unknown flag, a flag without its value, or a value that cannot be used
 * answers one line that names the flag (and its variable) and what to give instead.
 */
export function parseRunOptions(args: string[], env: NodeJS.ProcessEnv): Parsed {
  let given: Partial<Record<OptionName, string>>;
  try {
    const options = Object.fromEntries(Object.keys(RUN_OPTIONS).map((name) => [name, { type: 'string' as const }]));
    given = parseArgs({ args, options, strict: true, allowPositionals: false }).values as Partial<Record<OptionName, string>>;
  } catch (error) {
    return { ok: false, message: argumentProblem(error) };
  }
  const empty = (Object.keys(given) as OptionName[]).find((name) => given[name]?.trim() === '');
  if (empty !== undefined) return { ok: false, message: needsValue(empty) };
  // A flag wins over its variable; an empty variable counts as not set.
  const value = (name: OptionName) => {
    const chosen = given[name] ?? env[RUN_OPTIONS[name].env];
    return chosen === undefined || chosen.trim() === '' ? undefined : chosen;
  };
  const source = (name: OptionName) => (given[name] !== undefined ? `--${name}` : RUN_OPTIONS[name].env);
  const problem = (name: OptionName, what: string) => ({ ok: false as const, message: `${source(name)} ${what} (got "${value(name)}").` });

  const port = Number(value('port') ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) return problem('port', 'must be a whole number from 0 to 65535; 0 picks a free port');
  const demoOrdersText = value('demo-orders');
  const demoOrders = demoOrdersText === undefined ? undefined : Number(demoOrdersText);
  if (demoOrders !== undefined && (!Number.isInteger(demoOrders) || demoOrders < 0)) return problem('demo-orders', 'must be a whole number of orders, such as 2000');
  const checks: Array<[OptionName, z.ZodType, string]> = [
    ['base-url', gatewaySettingsSchema.shape.baseUrl, 'must be an http:// or https:// address, such as https://gateway.example.com; leave it out for demo mode'],
    ['shop', shopSettingsSchema.shape.shopId, 'must be the shop id (owner_id), at most 64 characters'],
    ['component-url', printSettingsSchema.shape.componentUrl, 'must be a ws:// or wss:// address, such as ws://127.0.0.1:13528'],
  ];
  for (const [name, schema, what] of checks) {
    const text = value(name);
    if (text !== undefined && !schema.safeParse(text).success) return problem(name, what);
  }
  return {
    ok: true,
    options: {
      port,
      dataDir: value('data-dir'),
      overrides: { baseUrl: value('base-url'), token: value('token'), shopId: value('shop'), componentUrl: value('component-url') },
      demoOrders,
    },
  };
}

/** One line for what `parseArgs` refused: the argument as typed, and what may be given. */
function argumentProblem(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const typed = /'([^']+)'/.exec(error instanceof Error ? error.message : '')?.[1] ?? '';
  const flag = typed.replace(/ <value>$/, '');
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return needsValue(flag.replace(/^-+/, '') as OptionName);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `Unexpected argument "${typed}": every value follows its flag. The options are ${RUN_OPTIONS_USAGE}.`;
  return `Unknown option ${typed}. The options are ${RUN_OPTIONS_USAGE}.`;
}

/** The line for a flag given without its value. */
function needsValue(name: OptionName): string {
  const option = RUN_OPTIONS[name];
  return `--${name} needs a value: --${name} ${option.value} (or set ${option.env}).`;
}
