import type { Logger } from 'pino';

/** The levels a logger may be set to, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Modules that log as themselves, listed even before they first log. */
export const KNOWN_LOG_MODULES = ['content', 'platform', 'games', 'management', 'mail', 'seed'] as const;

export interface ModuleLoggerState {
  configuredLevel: LogLevel | null;
  effectiveLevel: LogLevel;
}

/**
 * One pino child logger per module (`module: <name>` on every line), each with a level that can be
 * changed at run time (OPS-08). A module without a level of its own follows the root logger. Request
 * loggers are children of their module's logger, so a change applies from the next request on.
 */
export class ModuleLoggers {
  private readonly modules = new Map<string, { logger: Logger; configured: LogLevel | null }>();

  constructor(private readonly root: Logger) {
    for (const name of KNOWN_LOG_MODULES) this.get(name);
  }

  /** The module's logger, created on first use. */
  get(module: string): Logger {
    let entry = this.modules.get(module);
    if (!entry) {
      entry = { logger: this.root.child({ module }), configured: null };
      this.modules.set(module, entry);
    }
    return entry.logger;
  }

  has(name: string): boolean {
    return name === 'ROOT' || this.modules.has(name);
  }

  /** Sets a module's level, or ROOT's; null lets a module follow ROOT again. */
  setLevel(name: string, level: LogLevel | null): ModuleLoggerState {
    if (name === 'ROOT') {
      if (level === null) throw new Error('ROOT always has a level');
      this.root.level = level;
      for (const entry of this.modules.values()) if (entry.configured === null) entry.logger.level = level;
      return this.state('ROOT');
    }
    this.get(name);
    const entry = this.modules.get(name)!;
    entry.configured = level;
    entry.logger.level = level ?? this.root.level;
    return this.state(name);
  }

  state(name: string): ModuleLoggerState {
    if (name === 'ROOT') return { configuredLevel: this.root.level as LogLevel, effectiveLevel: this.root.level as LogLevel };
    const entry = this.modules.get(name);
    if (!entry) throw new Error(`no logger ${name}`);
    return { configuredLevel: entry.configured, effectiveLevel: entry.logger.level as LogLevel };
  }

  /** ROOT first, then the modules by name. */
  all(): Record<string, ModuleLoggerState> {
    const names = [...this.modules.keys()].sort();
    return Object.fromEntries([['ROOT', this.state('ROOT')], ...names.map((name) => [name, this.state(name)])]);
  }
}

const registries = new WeakMap<Logger, ModuleLoggers>();

/** The module loggers of a root logger (one set per root, so each server in a process has its own). */
export function moduleLoggers(root: Logger): ModuleLoggers {
  let registry = registries.get(root);
  if (!registry) {
    registry = new ModuleLoggers(root);
    registries.set(root, registry);
  }
  return registry;
}

/** The logger a module writes with: `moduleLogger(logger, 'mail')` instead of `logger.child({ module: 'mail' })`. */
export function moduleLogger(root: Logger, module: string): Logger {
  return moduleLoggers(root).get(module);
}

const auditLoggers = new WeakMap<Logger, Logger>();

/**
 * Lines that record who changed what (a logger level, say). Its level is its own and not in the
 * module list, so turning the modules or ROOT down never silences the record of doing so.
 */
export function auditLogger(root: Logger): Logger {
  let audit = auditLoggers.get(root);
  if (!audit) {
    audit = root.child({ module: 'audit' }, { level: 'info' });
    auditLoggers.set(root, audit);
  }
  return audit;
}
