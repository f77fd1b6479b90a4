import { encodeDavPath, fetchDavNodes, filesRoot, propfindBody, readDavSession, shareTypesOf } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';

/**
 * `node` with its `share-types` as the server reports them now (PROPFIND Depth 0 of
 * `oc:share-types`: the types the user created on it plus incoming ones, docs/protocol.md
 * §4), so the row indicator and the share button follow a change made in the Sharing tab.
 * Everything else of the node is kept as it is.
 */
export async function withFreshShareTypes(node: Node): Promise<Node> {
  const session = readDavSession();
  const [fresh] = await fetchDavNodes(session, {
    method: 'PROPFIND',
    path: encodeDavPath(`${filesRoot(session)}${node.path}`),
    body: propfindBody(['oc:share-types']),
    depth: '0',
  });
  return { ...node, attributes: { ...node.attributes, 'share-types': fresh === undefined ? [] : shareTypesOf(fresh) } };
}
