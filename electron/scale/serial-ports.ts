import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SerialPort } from 'serialport';

/** The device names of serial ports on Linux: USB-serial adapters (ttyUSB, ttyACM) and the first built-in ports. */
const LINUX_SERIAL_DEVICE = /^tty(USB|ACM)\d+$|^ttyS[0-3]$/;

/**
 * The serial ports this computer offers. On Linux the device folder is read: serialport's own
 * listing runs `udevadm`, and where that is missing (a minimal system, a container) its failure
 * cannot be caught and would end the process. Elsewhere serialport lists them.
 */
export async function listSerialPorts(platform: NodeJS.Platform = process.platform): Promise<string[]> {
  if (platform !== 'linux') return (await SerialPort.list()).map((port) => port.path).sort();
  const byId = await readdir('/dev/serial/by-id').catch(() => [] as string[]);
  const devices = (await readdir('/dev').catch(() => [] as string[])).filter((name) => LINUX_SERIAL_DEVICE.test(name));
  return [...byId.map((name) => join('/dev/serial/by-id', name)), ...devices.sort().map((name) => join('/dev', name))];
}
