// Imports into a store and reports progress on stdout, so a test can kill it mid-transaction.
import { openService } from '../../../../db/service';

const [dbPath, ...paths] = process.argv.slice(2);
const service = openService({ dbPath: dbPath!, engineer: 'child' });
await service.importPaths(paths, { onProgress: (done, total) => process.stdout.write(`progress ${done}/${total}\n`) });
process.stdout.write('committed\n');
service.close();
