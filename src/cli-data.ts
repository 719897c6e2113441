// The data commands of the CLI (seed, ingest, verify), kept apart from the service commands.
import type { Command } from './cli.js';

export const dataCommands: Record<string, Command> = {};
