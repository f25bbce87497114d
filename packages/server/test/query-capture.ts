import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Keeps every query a Kysely instance builds (`db.withPlugin(capture)`), for tests that look at what ran. */
export class QueryCapture implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
  /** The selects with an ORDER BY: the reads of records in list order (a page, or one export batch each). */
  orderedSelects(): RootOperationNode[] {
    return this.nodes.filter((node) => node.kind === 'SelectQueryNode' && node.orderBy !== undefined);
  }
  clear(): void {
    this.nodes.length = 0;
  }
}
