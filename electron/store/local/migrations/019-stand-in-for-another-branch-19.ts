import type { StationMigration } from '../station-migration';

/** STAND-IN, NOT FOR MAIN: holds version 19 (another branch's migration) so this branch's 20 runs alone. Drop this commit when merging. */
export const standIn19Migration: StationMigration = { version: 19, name: 'stand in for another branch 19', up() {} };
