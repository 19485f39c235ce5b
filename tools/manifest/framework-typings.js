// The elements' typings for the frameworks, written from custom-elements.json (a plugin of the
// manifest's analyzer: tools/manifest): each element's inputs and events, typed as each framework
// reads a template or JSX, and joined with that framework's own attributes of an HTML element.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const HEADER = '// Made by tools/manifest from custom-elements.json: do not edit.';

/** A key as a TypeScript property name: quoted unless it is an identifier. */
const key = name => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** A doc comment of `text`, indented, or nothing. */
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, `\n${indent} * `)} */\n` : '');

/**
 * What an element takes from a template: its public fields that can be set (a getter alone, such
 * as `game`, is read-only and not an input), each under its property's name and, where that
 * differs, its attribute's (`thinkMs`, `think-ms`).
 */
const inputsOf = declaration =>
  declaration.members
    .filter(
      member =>
        member.kind === 'field' &&
        !member.static &&
        !member.readonly &&
        (member.privacy ?? 'public') === 'public' &&
        !/^[#_]/.test(member.name),
    )
    .map(member => ({
      name: member.name,
      description: member.description ?? '',
      attribute: declaration.attributes?.find(attribute => attribute.fieldName === member.name)?.name,
    }));

/** One element's names in the typings, and the types they are made of. */
const elementTypings = (declaration, typingsDir) => {
  const className = declaration.name;
  const inputs = inputsOf(declaration);
  const events = declaration.events ?? [];
  // The element's type as a template sets it: each numeric or boolean property also as its attribute's text (framework-inputs.ts).
  const inputType = name => `${className}['${name}']`;
  const props = inputs.flatMap(({ name, description, attribute }) => [
    `${doc(description)}  ${key(name)}?: ${inputType(name)};`,
    ...(attribute && attribute !== name
      ? [`${doc(`${description} (the attribute of \`${name}\`)`)}  ${key(attribute)}?: ${inputType(name)};`]
      : []),
  ]);
  const handlers = events.map(({ name, type }) => `  ${key(`on${name}`)}?: (event: CustomEvent<${type.text}>) => void;`);
  const emits = events.map(({ name, type }) => `${key(name)}: (event: CustomEvent<${type.text}>) => void`);
  return {
    tag: declaration.tagName,
    className,
    /** The element's class, from its module beside the typings. */
    classModule: `./${relative(typingsDir, declaration.modulePath).replace(/\\/g, '/')}`,
    details: events.map(({ type }) => type.text),
    props: `export interface ${className}Props {\n${props.join('\n')}\n}`,
    events: `export interface ${className}Events {\n${handlers.join('\n')}\n}`,
    emits: `{ ${emits.join('; ')} }`,
  };
};

/** `import type { a, b } from 'module';`, each name once. */
const importTypes = (names, module) => `import type { ${[...new Set(names)].join(', ')} } from '${module}';`;

/** The framework-neutral typings: each element's props and `on<event>` handlers, and `CustomElements` for a JSX framework's `IntrinsicElements`. */
const jsxTypings = elements => `${HEADER}
// Each element's inputs (by property and by attribute name) and its events as \`on<event>\`
// handlers, the event's name as it is spelt: what React 19 and Svelte 5 listen with. Another JSX
// framework (Preact, Solid) joins CustomElements with its own attributes of an HTML element.
${importTypes(
  elements.flatMap(element => [element.className, ...element.details]),
  './framework-inputs.js',
)}

${elements.map(element => `${element.props}\n\n${element.events}`).join('\n\n')}

export interface CustomElements {
${elements.map(element => `  '${element.tag}': ${element.className}Props & ${element.className}Events;`).join('\n')}
}
`;

/** Imports of the element classes, as `Name` from their modules. */
const importClasses = elements => elements.map(element => importTypes([element.className], element.classModule)).join('\n');

/** React 19's JSX: React's props of an HTML element (a ref to the element, key, className, style, onClick…) with the element's own. */
const reactTypings = elements => `${HEADER}
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${importClasses(elements)}
import type { CustomElements } from './jsx.js';

/** React's props of an HTML element, the element's own in place of any of the same name. */
type ReactElementProps<Element extends HTMLElement, Own> = Omit<DetailedHTMLProps<HTMLAttributes<Element>, Element>, keyof Own> & Own;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map(element => `      '${element.tag}': ReactElementProps<${element.className}, CustomElements['${element.tag}']>;`).join('\n')}
    }
  }
}

export type { CustomElements };
`;

/** Svelte 5's templates: its attributes of an HTML element (on<event> handlers, style as text…) with the element's own. */
const svelteTypings = elements => `${HEADER}
import type { HTMLAttributes } from 'svelte/elements';
${importClasses(elements)}
import type { CustomElements } from './jsx.js';

/** Svelte's attributes of an HTML element, the element's own in place of any of the same name. */
type SvelteElementProps<Element extends HTMLElement, Own> = Omit<HTMLAttributes<Element>, keyof Own> & Own;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${elements.map(element => `    '${element.tag}': SvelteElementProps<${element.className}, CustomElements['${element.tag}']>;`).join('\n')}
  }
}

export type { CustomElements };
`;

/**
 * Vue 3's templates, as Vue's guide types a custom element: a constructor of the element (a
 * template ref is the element, its methods typed) whose `$props` are Vue's attributes of an HTML
 * element with the element's inputs, and whose `$emit` types each event (`@move`).
 */
const vueTypings = elements => `${HEADER}
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${importClasses(elements)}
${importTypes(
  elements.flatMap(element => [`${element.className}Props`]),
  './jsx.js',
)}
${importTypes(
  elements.flatMap(element => element.details),
  './framework-inputs.js',
)}

/** An element in Vue's templates: the element, the props a template sets, and the events it emits. */
type VueElement<Element extends HTMLElement, Props, Emits> = new () => Element & {
  $props: Omit<HTMLAttributes, keyof Props> & Props & PublicProps;
  $emit: EmitFn<Emits>;
};

declare module 'vue' {
  interface GlobalComponents {
${elements.map(element => `    '${element.tag}': VueElement<${element.className}, ${element.className}Props, ${element.emits}>;`).join('\n')}
  }
}

export {};
`;

/**
 * The plugin: once the manifest is linked (inherited members and events in place, paths the
 * package's), writes jsx.d.ts, react.d.ts, svelte.d.ts and vue.d.ts into `dir` for the elements of `tags`.
 */
export const frameworkTypings = ({ tags, dir }) => ({
  name: 'hoyito-framework-typings',
  packageLinkPhase({ customElementsManifest }) {
    const declarations = customElementsManifest.modules.flatMap(module =>
      (module.declarations ?? []).map(declaration => ({ ...declaration, modulePath: module.path })),
    );
    const elements = tags.map(tag => {
      const declaration = declarations.find(candidate => candidate.tagName === tag);
      if (!declaration) throw new Error(`custom-elements.json: no element <${tag}>`);
      return elementTypings(declaration, dir);
    });
    const files = { 'jsx.d.ts': jsxTypings, 'react.d.ts': reactTypings, 'svelte.d.ts': svelteTypings, 'vue.d.ts': vueTypings };
    for (const [file, write] of Object.entries(files)) writeFileSync(join(dir, file), write(elements));
  },
});
