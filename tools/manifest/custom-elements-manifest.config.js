// The Custom Elements Manifest analyzer's config (`npm run build:manifest`): custom-elements.json
// from the elements' sources, naming the files the package ships, and from it the typings for
// React's JSX and Vue's templates beside the elements' own in lib/web/.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { customElementJsxPlugin } from 'custom-element-jsx-integration';
import { customElementVuejsPlugin } from 'custom-element-vuejs-integration';

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

/**
 * The typings name each property's type as the element's (`HoyitoBoard['holes']`), read from
 * web/framework-inputs.ts, which adds the strings a template may set (`holes="12"`).
 */
const typings = { outdir: TYPINGS_DIR, globalTypePath: './framework-inputs.js', hideLogs: true };

/** React 19's JSX: the elements in its `IntrinsicElements` (`import type {} from 'hoyito/react'`). */
const REACT_TYPINGS = `// <hoyito-board> and <hoyito-board-view> in React's JSX, their properties and events typed (made by tools/manifest).
import type { CustomElements } from './jsx.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}

export type { CustomElements };
`;

/**
 * The generators import each event's detail type once for every element that fires it (the view's
 * `hole-select` is the board's too), a duplicate identifier: each name is imported once.
 */
const onceEachImport = fileNames => ({
  name: 'hoyito-typings-imports-once',
  packageLinkPhase() {
    for (const fileName of fileNames) {
      const file = join(TYPINGS_DIR, fileName);
      const once = readFileSync(file, 'utf8').replace(
        /import type \{([^}]*)\} from "\.\/framework-inputs\.js";/,
        (_, names) =>
          `import type { ${[...new Set(names.split(',').map(name => name.trim()))].filter(Boolean).join(', ')} } from "./framework-inputs.js";`,
      );
      writeFileSync(file, once);
    }
  },
});

const reactTypings = () => ({
  name: 'hoyito-react-typings',
  packageLinkPhase() {
    writeFileSync(join(TYPINGS_DIR, 'react.d.ts'), REACT_TYPINGS);
  },
});

/**
 * Svelte 5's elements (`import type {} from 'hoyito/svelte'`): its own attributes of an HTML element
 * and the JSX typings' properties and `on<event>` handlers, which are Svelte 5's event attributes
 * too. (The Svelte generator of the same family writes Svelte 4's `on:event` and `bind:`.)
 */
const SVELTE_TYPINGS = `// <hoyito-board> and <hoyito-board-view> in Svelte 5's templates, their properties and events typed (made by tools/manifest).
import type { HTMLAttributes } from 'svelte/elements';
import type { CustomElements } from './jsx.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${TAGS.map(tag => `    '${tag}': HTMLAttributes<HTMLElement> & CustomElements['${tag}'];`).join('\n')}
  }
}

export type { CustomElements };
`;

const svelteTypings = () => ({
  name: 'hoyito-svelte-typings',
  packageLinkPhase() {
    writeFileSync(join(TYPINGS_DIR, 'svelte.d.ts'), SVELTE_TYPINGS);
  },
});

/**
 * The typings generators make every public field a settable property, and every attribute one:
 * what is not an input is kept out of the typings and stays in the manifest, hidden for the
 * generators' phase and shown again after it. That is a read-only field (a getter alone: `game`,
 * `optionErrors`, …), and the attribute the analyzer gives a Lit internal state (`_frame`, a
 * protected field whose `state: true` it does not read).
 */
const hiddenFromTypings = [];
const hideNonInputs = () => ({
  name: 'hoyito-non-inputs-out-of-typings',
  packageLinkPhase({ customElementsManifest }) {
    for (const declaration of customElementsManifest.modules.flatMap(module => module.declarations ?? [])) {
      const members = declaration.members ?? [];
      const isPublic = member => member.kind === 'field' && (member.privacy ?? 'public') === 'public';
      const readonly = members.filter(member => isPublic(member) && member.readonly).map(member => ({ member, privacy: member.privacy }));
      const internal = new Set(members.filter(member => member.kind === 'field' && !isPublic(member)).map(member => member.name));
      const { attributes } = declaration;
      for (const { member } of readonly) member.privacy = 'private';
      if (attributes) declaration.attributes = attributes.filter(attribute => !internal.has(attribute.fieldName));
      hiddenFromTypings.push({ declaration, readonly, attributes });
    }
  },
});
const showNonInputs = () => ({
  name: 'hoyito-non-inputs-in-manifest',
  packageLinkPhase() {
    for (const { declaration, readonly, attributes } of hiddenFromTypings.splice(0)) {
      for (const { member, privacy } of readonly) {
        if (privacy) member.privacy = privacy;
        else delete member.privacy;
      }
      if (attributes) declaration.attributes = attributes;
    }
  },
});

export default {
  globs: ELEMENTS,
  litelement: true,
  outdir: 'lib',
  packagejson: false,
  plugins: [
    eventMapEvents(),
    shippedPaths(),
    hideNonInputs(),
    customElementJsxPlugin({ ...typings, fileName: 'jsx.d.ts' }),
    customElementVuejsPlugin({ ...typings, fileName: 'vue.d.ts' }),
    showNonInputs(),
    onceEachImport(['jsx.d.ts', 'vue.d.ts']),
    reactTypings(),
    svelteTypings(),
  ],
};
