import type { StationMigration } from '../station-migration';

/** STAND-IN, NOT FOR MAIN: holds version 18 (another branch's migration) so this branch's 20 runs alone. Drop this commit when merging. */
export const standIn18Migration: StationMigration = { version: 18, name: 'stand in for another branch 18', up() {} };
