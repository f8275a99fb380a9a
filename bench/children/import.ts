// The real import through the service, as the CLI and the app run it.
// Usage: import.ts DB PATH...
import { openService } from '../../db/service';
import { report } from './report';

const [dbPath, ...paths] = process.argv.slice(2);
const started = performance.now();
const service = openService({ dbPath: dbPath!, engineer: 'bench' });
const result = await service.importPaths(paths);
service.close();
report(started, { cells: result.cells, disputes: result.disputes, tasks: result.tasks, skipped: result.skipped.length });
