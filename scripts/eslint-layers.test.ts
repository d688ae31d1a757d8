// The layering rules in eslint.config.js, held by planting files that break them into the real tree and
// linting them with the project's own configuration: each must be reported, and its lawful twin must not.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const planted = {
  serverModule: path.join(root, 'apps/server/src/modules/zz-planted'),
  serverModuleTwo: path.join(root, 'apps/server/src/modules/zz-planted-two'),
  serverDb: path.join(root, 'apps/server/src/db/zz-planted'),
  serverSources: path.join(root, 'apps/server/src/sources/zz-planted'),
  leadsModule: path.join(root, 'apps/server/src/modules/leads/zz-planted'),
  webFeature: path.join(root, 'apps/web/src/features/leads/zz-planted'),
  webIsland: path.join(root, 'apps/web/src/islands/zz-planted'),
};

function plant(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The rule ids ESLint reports for one file. */
async function rulesFor(eslint: ESLint, file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('layering rules (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  afterAll(() => {
    for (const dir of Object.values(planted)) rmSync(dir, { recursive: true, force: true });
  });

  it("reports a server module importing another module's internals, not its index", async () => {
    const internal = plant(path.join(planted.serverModule, 'internal.ts'), "import { upsertLeadBatch } from '../leads/bulk.js';\nexport const write = upsertLeadBatch;\n");
    const viaIndex = plant(path.join(planted.serverModule, 'via-index.ts'), "import { upsertLeadBatch } from '../leads/index.js';\nexport const write = upsertLeadBatch;\n");
    expect(await rulesFor(eslint, internal)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, viaIndex)).toEqual([]);
  }, 60_000);

  it('reports a web feature importing app/ or another feature, not components, lib or config', async () => {
    const app = plant(path.join(planted.webFeature, 'uses-app.ts'), "import { createQueryClient } from '@/app/query-client';\nexport const client = createQueryClient;\n");
    const other = plant(path.join(planted.webFeature, 'uses-admin.ts'), "import { IMPORT_URL } from '@/features/admin/api';\nexport const url = IMPORT_URL;\n");
    const lawful = plant(path.join(planted.webFeature, 'uses-lib.ts'), "import { leadKeys } from '@/lib/leads/keys';\nimport { paths } from '@/config/paths';\nexport const both = [leadKeys, paths];\n");
    expect(await rulesFor(eslint, app)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, other)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, lawful)).toEqual([]);
  }, 60_000);

  it('reports a web feature importing another feature by a relative path, not its own files that way', async () => {
    const other = plant(path.join(planted.webFeature, 'relative-admin.ts'), "import { IMPORT_URL } from '../../admin/api';\nexport const url = IMPORT_URL;\n");
    const viaFeatures = plant(path.join(planted.webFeature, 'relative-billing.ts'), "import * as billing from '../../../features/billing/api';\nexport const api = billing;\n");
    const own = plant(path.join(planted.webFeature, 'relative-own.ts'), "import * as leads from '../api';\nexport const api = leads;\n");
    expect(await rulesFor(eslint, other)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, viaFeatures)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, own)).toEqual([]);
  }, 60_000);

  it('reports an island importing a route, and a feature importing an island', async () => {
    const island = plant(path.join(planted.webIsland, 'uses-route.ts'), "import * as landing from '../../routes/marketing/landing';\nexport const page = landing;\n");
    const feature = plant(path.join(planted.webFeature, 'uses-island.ts'), "import * as island from '../../../islands/hand-over';\nexport const hand = island;\n");
    expect(await rulesFor(eslint, island)).toContain('no-restricted-imports');
    expect(await rulesFor(eslint, feature)).toContain('no-restricted-imports');
  }, 60_000);

  it('reports a file outside modules/leads querying the leads or contacts tables, by schema import or by SQL text', async () => {
    const schemaImport = plant(
      path.join(planted.serverModule, 'schema-import.ts'),
      "import { leads } from '../../db/schema/index.js';\nexport const table = leads;\n",
    );
    const namespace = plant(
      path.join(planted.serverModule, 'schema-namespace.ts'),
      "import * as schema from '../../db/schema/index.js';\nexport const table = schema.contacts;\n",
    );
    const rawSql = plant(
      path.join(planted.serverModule, 'raw-sql.ts'),
      "import type { RawQuery } from '../../db/client.js';\nexport const drop = (query: RawQuery, id: string) => query('delete from leads where id = $1', [id]);\n",
    );
    const template = plant(
      path.join(planted.serverModule, 'template-sql.ts'),
      'import { sql } from \'drizzle-orm\';\nexport const read = (id: string) => sql`select name from contacts where lead_id = ${id}`;\n',
    );
    const update = plant(
      path.join(planted.serverSources, 'update-sql.ts'),
      "import type { RawQuery } from '../../db/client.js';\nexport const touch = (query: RawQuery) => query(`update \"leads\" set updated_at = now()`);\n",
    );
    const lawful = plant(
      path.join(planted.serverModule, 'through-leads.ts'),
      "import { getLeadsByIds } from '../leads/index.js';\nimport { companies } from '../../db/schema/index.js';\nexport const both = [getLeadsByIds, companies, 'Import the leads from a file', 'select id from lead_changes'];\n",
    );
    const inside = plant(
      path.join(planted.leadsModule, 'inside.ts'),
      "import { leads } from '../../../db/schema/index.js';\nexport const table = leads;\nexport const text = 'select id from leads';\n",
    );
    for (const file of [schemaImport, namespace, rawSql, template, update]) {
      const [result] = await eslint.lintFiles([file]);
      const messages = (result?.messages ?? []).filter((message) => message.ruleId === 'fundwire/leads-through-module');
      expect(messages, path.basename(file)).toHaveLength(1);
      expect(messages[0]!.message).toContain('go through modules/leads');
    }
    expect(await rulesFor(eslint, lawful)).toEqual([]);
    expect(await rulesFor(eslint, inside)).toEqual([]);
  }, 60_000);

  it('reports db/ importing a module', async () => {
    const file = plant(path.join(planted.serverDb, 'uses-module.ts'), "import { upsertLeadBatch } from '../../modules/leads/index.js';\nexport const write = upsertLeadBatch;\n");
    expect(await rulesFor(eslint, file)).toContain('no-restricted-imports');
  }, 60_000);

  it('reports two server modules importing each other, even with no file-level cycle, and not a one-way import', async () => {
    plant(path.join(planted.serverModule, 'index.ts'), 'export const one = 1;\n');
    const forward = plant(path.join(planted.serverModule, 'uses-two.ts'), "import { two } from '../zz-planted-two/index.js';\nexport const a = two;\n");
    const back = plant(path.join(planted.serverModuleTwo, 'index.ts'), "import { one } from '../zz-planted/index.js';\nexport const two = one;\n");
    expect(await rulesFor(eslint, forward)).toContain('fundwire/no-folder-cycle');
    expect(await rulesFor(eslint, back)).toContain('fundwire/no-folder-cycle');
    rmSync(back);
    plant(path.join(planted.serverModuleTwo, 'index.ts'), 'export const two = 2;\n');
    expect(await rulesFor(eslint, forward)).toEqual([]);
  }, 60_000);

  it('reports an import cycle', async () => {
    const one = plant(path.join(planted.serverModule, 'cycle-one.ts'), "import { two } from './cycle-two.js';\nexport const one = () => two();\n");
    plant(path.join(planted.serverModule, 'cycle-two.ts'), "import { one } from './cycle-one.js';\nexport const two = (): unknown => one;\n");
    expect(await rulesFor(eslint, one)).toContain('import-x/no-cycle');
  }, 60_000);
});
