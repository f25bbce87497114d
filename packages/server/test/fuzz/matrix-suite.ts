import { beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/platform/db.js';
import { seedWorld, type World } from './fixtures.js';
import { idFieldsOf, type MatrixRun, runLeakMatrix, runPermissionMatrix, runScopeMatrix, shapesOf } from './matrix-runner.js';
import { OPEN_WRITES, REFINE_PROBES } from './permission-cases.js';
import { formatFailures } from './report.js';
import { fieldsOf, type OpenApiDocument, type RouteShape } from './route-shapes.js';
import { collectRoutes } from './route-table.js';
import { SCOPE_TABLE } from './scope-table.js';
import { withTestApp } from '../test-app.js';

/**
 * The permission matrix (DESIGN.md §4, §8; issue 12), generated from the route
 * table: every route that needs a menu or a button answers 403 to a role lacking
 * it, before its input is validated; every scoped id answers 404 to a sibling
 * sub-user on another line and to another tenant. The scope cases come from
 * SCOPE_TABLE (test/fuzz/scope-table.ts); a route taking an id the table does not
 * classify fails here, so every new route joins the matrix.
 */
export function describeMatrix(dialect: Dialect): void {
  describe(`the permission matrix (${dialect})`, () => {
    const t = withTestApp(dialect, { signIn: false });
    let shapes: RouteShape[];
    let world: World;
    let permissions: MatrixRun;
    let scope: MatrixRun;
    let leaks: MatrixRun;

    beforeAll(async () => {
      const routes = await collectRoutes(t.app, t.config);
      await t.app.ready();
      shapes = shapesOf(routes, t.app.swagger() as unknown as OpenApiDocument);
      world = await seedWorld(t.app);
      permissions = await runPermissionMatrix(t, shapes, world);
      scope = await runScopeMatrix(t, shapes, world);
      // Last: the other suites' controls have run, so every view has rows to show.
      leaks = await runLeakMatrix(t, shapes, world);
      const failures = permissions.failures.length + scope.failures.length + leaks.failures.length;
      console.log(
        `permission matrix ${dialect}: ${permissions.requests} permission requests, ${scope.requests} scope requests, ` +
          `${leaks.requests} view requests, ${failures} failures`,
      );
      if (permissions.notes.length > 0) {
        console.log(`permission matrix ${dialect}: no input their validation refuses, so a plausible input only: ${permissions.notes.join(', ')}`);
      }
    }, 300_000);


    it('classifies every id a route takes in the scope table', () => {
      const unclassified = shapes.flatMap((shape) => idFieldsOf(shape).filter((label) => !SCOPE_TABLE[shape.key]?.[label]).map((label) => `${shape.key} ${label}`));
      expect(unclassified, 'add these to SCOPE_TABLE (test/fuzz/scope-table.ts) with the kind of row they name, or exempt them with a reason').toEqual([]);
    });

    it('names only routes and fields that exist in the scope table', () => {
      const byKey = new Map(shapes.map((shape) => [shape.key, new Set(fieldsOf(shape).map((field) => field.label))]));
      const stale = Object.entries(SCOPE_TABLE).flatMap(([key, fields]) =>
        byKey.has(key) ? Object.keys(fields).filter((label) => !byKey.get(key)!.has(label)).map((label) => `${key} ${label}`) : [key],
      );
      expect(stale).toEqual([]);
    });

    it('has refinement probes for every route that refines its permission by input', () => {
      const refining = shapes.filter((shape) => shape.route.config.refinePermission).map((shape) => shape.key);
      expect(refining.filter((key) => !(key in REFINE_PROBES))).toEqual([]);
      expect(Object.keys(REFINE_PROBES).filter((key) => !refining.includes(key))).toEqual([]);
    });

    it('opens no write to every signed-in user, or to anyone, without a reason', () => {
      const open = shapes
        .filter((shape) => shape.method !== 'GET' && (shape.route.permission?.kind === 'session' || shape.route.permission?.kind === 'public'))
        .map((shape) => shape.key);
      expect(open.filter((key) => !(key in OPEN_WRITES)), 'give these a menu, or add them to OPEN_WRITES with the reason').toEqual([]);
      expect(Object.keys(OPEN_WRITES).filter((key) => !open.includes(key))).toEqual([]);
    });

    it('refuses a role lacking the menu or button with 403, before validation, changing nothing', () => {
      expect(permissions.requests).toBeGreaterThan(shapes.length);
      expect(permissions.failures.length, `\n${formatFailures(`permission matrix ${dialect}`, permissions.failures)}\n`).toBe(0);
    });

    it('answers 404 to a sibling sub-user and to another tenant for ids outside their scope', () => {
      expect(scope.requests).toBeGreaterThan(Object.keys(SCOPE_TABLE).length);
      expect(scope.failures.length, `\n${formatFailures(`scope matrix ${dialect}`, scope.failures)}\n`).toBe(0);
    });

    it('shows a sibling sub-user and another tenant nothing of the other’s rows in any list or dashboard', () => {
      expect(leaks.requests).toBeGreaterThan(0);
      expect(leaks.failures.length, `\n${formatFailures(`views ${dialect}`, leaks.failures)}\n`).toBe(0);
    });
  });
}
