// The Custom Elements Manifest analyzer's config (`npm run build:manifest`): custom-elements.json
// from the elements' sources, naming the files the package ships, and from it the typings for
// React's JSX, Vue's and Svelte's templates beside the elements' own in lib/web/ (framework-typings.js).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frameworkTypings } from './framework-typings.js';

/** The elements' modules (the game and the view it draws through) and those of the classes they extend, whose members they inherit. */
const ELEMENTS = ['web/board.ts', 'web/board-inputs.ts', 'web/view/board-view.ts'];
/** The elements' tags, each typed for every framework. */
const TAGS = ['hoyito-board', 'hoyito-board-view'];
/** Where the typings go, beside the elements' declarations (package.json exports them). */
const TYPINGS_DIR = 'lib/web';

/** The file the package ships for a source: `web/board.ts` is `lib/web/board.js`. */
const shippedPath = source => join('lib', source.replace(/\.ts$/, '.js'));

/**
 * An element's events, which the analyzer finds only in `@fires` tags or a `dispatchEvent` in the
 * class itself: the board's are dispatched by its controllers, and named once, by the event map
 * its typed `addEventListener` takes (`interface HoyitoBoard { addEventListener<K extends keyof
 * HoyitoBoardEventMap>… }`). Each of the map's members is an event.
 */
const eventMapEvents = () => {
  /** Class name → the events of its map. */
  const found = new Map();
  const parse = (ts, file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  /** The file that declares `name` for `source`: the module it is imported from, else `source` itself. */
  const declaringFile = (ts, source, name) => {
    const from = source.statements.find(
      statement =>
        ts.isImportDeclaration(statement) && statement.importClause?.namedBindings?.elements?.some(element => element.name.text === name),
    );
    return from ? join(dirname(source.fileName), from.moduleSpecifier.text.replace(/\.js$/, '.ts')) : source.fileName;
  };
  /** The events of the map `mapName` declared in `file`: an interface, or a `Pick` of one. */
  const readMap = (ts, file, mapName) => {
    const source = parse(ts, file);
    const map = source.statements.find(
      statement => (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === mapName,
    );
    if (map && ts.isInterfaceDeclaration(map))
      return map.members.map(member => {
        const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
        // The event's type is its detail's, as the typings' generators read it (`CustomEvent<type>`).
        const detail = member.type.typeArguments?.[0] ?? member.type;
        return { name, type: { text: detail.getText(source) } };
      });
    const picked = map?.type;
    if (picked && ts.isTypeReferenceNode(picked) && picked.typeName.getText(source) === 'Pick') {
      const [inner, keys] = picked.typeArguments;
      const innerName = inner.getText(source);
      const names = (ts.isUnionTypeNode(keys) ? keys.types : [keys]).map(key => key.literal.text);
      return readMap(ts, declaringFile(ts, source, innerName), innerName).filter(event => names.includes(event.name));
    }
    throw new Error(`${file}: no interface ${mapName} (or Pick of one)`);
  };
  return {
    name: 'hoyito-event-map-events',
    analyzePhase({ ts, node }) {
      if (!ts.isInterfaceDeclaration(node)) return;
      const listener = node.members.find(member => ts.isMethodSignature(member) && member.name.getText() === 'addEventListener');
      const constraint = listener?.typeParameters?.[0]?.constraint;
      if (!constraint || !ts.isTypeOperatorNode(constraint)) return;
      const mapName = constraint.type.getText();
      found.set(node.name.text, readMap(ts, declaringFile(ts, node.getSourceFile(), mapName), mapName));
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const declaration of customElementsManifest.modules.flatMap(module => module.declarations ?? [])) {
        const events = found.get(declaration.name);
        if (events) declaration.events = [...(declaration.events ?? []), ...events];
      }
    },
  };
};

/** Paths of the package's files, not the sources: the manifest is read from node_modules/hoyito. */
const shippedPaths = () => ({
  name: 'hoyito-shipped-paths',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.path = shippedPath(module.path);
      for (const entry of module.exports ?? [])
        if (entry.declaration.module) entry.declaration.module = shippedPath(entry.declaration.module);
    }
  },
});

export default {
  globs: ELEMENTS,
  litelement: true,
  outdir: 'lib',
  packagejson: false,
  plugins: [eventMapEvents(), shippedPaths(), frameworkTypings({ tags: TAGS, dir: TYPINGS_DIR })],
};
