// The real import through the service, as the CLI and the app run it.
// Usage: import.ts DB PATH...
import { openService } from '../../db/service';
import { PhaseClock } from '../import-phases';
import { report, startTimer } from './report';

const [dbPath, ...paths] = process.argv.slice(2);
const timer = startTimer();
const service = openService({ dbPath: dbPath!, engineer: 'bench' });
const clock = new PhaseClock();
const result = await service.importPaths(paths, { onProgress: clock.onProgress });
service.close();
report(timer, {
  cells: result.cells,
  disputes: result.disputes,
  tasks: result.tasks,
  skipped: result.skipped.length,
  phases: clock.summary(),
});
