import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as delay } from 'node:timers/promises';
import type { ScaleView } from '../../shared/domain/scale';
import { defaultSettings, type ScaleSettings } from '../../shared/settings/settings-schema';
import { createScaleReader, SCALE_SILENCE_MS, type ScaleReader } from './scale-reader';
import { startEmulatedScale, type EmulatedScale } from './testing/emulated-scale';

const quiet = { info: () => undefined, warn: () => undefined };
let scale: EmulatedScale | null = null;
let reader: ScaleReader | null = null;

afterEach(async () => {
  await reader?.close();
  await scale?.close();
  reader = null;
  scale = null;
});

/** A reader of the emulated scale with these settings, and every view it showed. */
async function readScale(change: Partial<ScaleSettings>): Promise<{ views: ScaleView[]; until: (check: (view: ScaleView) => boolean, what: string) => Promise<ScaleView> }> {
  scale = await startEmulatedScale();
  const settings: ScaleSettings = { ...defaultSettings().scale, enabled: true, port: scale.port, stableMs: 300, ...change };
  const views: ScaleView[] = [];
  reader = createScaleReader({ settings: () => settings, onChange: (view) => views.push(view), logger: quiet });
  const until = async (check: (view: ScaleView) => boolean, what: string): Promise<ScaleView> => {
    const end = Date.now() + 5000;
    for (;;) {
      const view = reader?.view();
      if (view && check(view)) return view;
      if (Date.now() > end) throw new Error(`the scale never showed ${what}; it showed ${JSON.stringify(views.map((seen) => [seen.state, seen.grams]))}`);
      await delay(20);
    }
  };
  await until((view) => view.state === 'waiting', 'an open port');
  return { views, until };
}

/** Sends `frame` every 50 ms for `ms`. */
async function sendFor(frame: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await scale?.send(frame);
    await delay(50);
  }
}

describe('the desk scale on a serial port (a pseudo-terminal pair)', () => {
  it('status lines: unstable, then stable once the weight held; overload clears it', async () => {
    const { views, until } = await readScale({ framing: 'status-line' });
    await sendFor('US,GS,+  1.100kg\r\n', 300);
    expect(reader?.view()).toMatchObject({ state: 'unstable', grams: 1100 });
    await sendFor('ST,GS,+  1.234kg\r\n', 500);
    await until((view) => view.state === 'stable' && view.grams === 1234, 'a stable 1234 g');
    // Never stable at a weight that did not hold.
    expect(views.filter((view) => view.state === 'stable').map((view) => view.grams)).toEqual([1234]);
    await scale?.send('OL,GS,+ ------kg\r\n');
    await until((view) => view.state === 'overload' && view.grams === null, 'overload');
  });

  it('number lines with the unit set, and reversed-digits frames', async () => {
    const { until } = await readScale({ framing: 'number-line', unit: 'g' });
    await sendFor('  523\r\n', 500);
    await until((view) => view.state === 'stable' && view.grams === 523, 'a stable 523 g');
    await reader?.close();
    await scale?.close();
    const reversed = await readScale({ framing: 'reversed-digits', unit: 'kg' });
    await sendFor('=432.1000', 500);
    await reversed.until((view) => view.state === 'stable' && view.grams === 1234, 'a stable 1234 g from reversed digits');
  });

  it('a poll-command scale is asked with the command set and its answer read', async () => {
    const { until } = await readScale({ framing: 'poll', pollCommand: 'R\\r\\n' });
    // Answer every poll, as the scale would.
    let answered = 0;
    const answering = (async () => {
      while (reader?.view().state !== 'stable') {
        const polls = (scale?.received().match(/R\r\n/g) ?? []).length;
        for (; answered < polls; answered += 1) await scale?.send('ST,GS,+  0.450kg\r\n');
        await delay(20);
      }
    })();
    await until((view) => view.state === 'stable' && view.grams === 450, 'a stable 450 g from poll answers');
    await answering;
    expect(answered).toBeGreaterThan(1);
  });

  it('noise: a stray frame is ignored, garbage says so in the header and clears the weight', async () => {
    const { until } = await readScale({ framing: 'status-line' });
    await sendFor('ST,GS,+  2.000kg\r\n', 450);
    await until((view) => view.state === 'stable' && view.grams === 2000, 'a stable 2000 g');
    await scale?.send('\u0002#%\r\nST,GS,+  2.000kg\r\n');
    await delay(100);
    expect(reader?.view()).toMatchObject({ state: 'stable', grams: 2000 });
    await scale?.send('\u00ff\u00fe??\r\nxx 12\r\n@@@@\r\n');
    const garbage = await until((view) => view.state === 'garbage', 'garbage');
    expect(garbage.grams).toBeNull();
    expect(garbage.unreadable).toBe('@@@@');
  });

  it('silence says the scale sends nothing; unplugged says so, and plugging it back reads again', async () => {
    const { until } = await readScale({ framing: 'status-line' });
    await sendFor('ST,GS,+  0.800kg\r\n', 450);
    await until((view) => view.state === 'stable', 'a stable weight');
    await until((view) => view.state === 'waiting' && view.grams === null, 'silence');
    await sendFor('ST,GS,+  0.800kg\r\n', 450);
    await until((view) => view.state === 'stable', 'a stable weight again');
    await scale?.unplug();
    const unplugged = await until((view) => view.state === 'unplugged', 'unplugged');
    expect(unplugged.grams).toBeNull();
    await scale?.plug();
    await until((view) => view.state === 'waiting', 'the port open again');
    await sendFor('ST,GS,+  0.900kg\r\n', 450);
    await until((view) => view.state === 'stable' && view.grams === 900, 'a stable 900 g after plugging back');
  }, SCALE_SILENCE_MS * 5);

  it('a port that does not exist is unplugged with the system’s reason, and nothing is read while off', async () => {
    scale = await startEmulatedScale();
    const settings: ScaleSettings = { ...defaultSettings().scale, enabled: true, port: `${scale.port}-missing` };
    reader = createScaleReader({ settings: () => settings, onChange: () => undefined, logger: quiet });
    const end = Date.now() + 3000;
    while (reader.view().state !== 'unplugged' && Date.now() < end) await delay(20);
    expect(reader.view()).toMatchObject({ state: 'unplugged', grams: null });
    expect(reader.view().portError).toMatch(/no such file/i);
    settings.enabled = false;
    reader.follow();
    while (reader.view().state !== 'off' && Date.now() < end + 2000) await delay(20);
    expect(reader.view()).toMatchObject({ state: 'off', grams: null, port: '' });
  });
});
