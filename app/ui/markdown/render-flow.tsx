/**
 * Block-level Markdown as HTML elements. Headings start two levels below the page's own title
 * (the page has its `h1` and a `Content` `h2`), so the outline stays in order.
 */
import type { Child } from 'hono/jsx';
import type { AlignType, List, ListItem, RootContent, Table } from 'mdast';
import { type RenderContext, renderPhrasing } from './render-phrasing.tsx';

const HEADING_OFFSET = 2;

/** Block nodes as elements. */
export function renderFlow(nodes: readonly RootContent[], context: RenderContext): Child[] {
  return nodes.map((node) => renderBlock(node, context));
}

function renderBlock(node: RootContent, context: RenderContext): Child {
  switch (node.type) {
    case 'paragraph':
      return <p>{renderPhrasing(node.children, context)}</p>;
    case 'heading': {
      const Heading = `h${Math.min(6, node.depth + HEADING_OFFSET)}` as 'h3';
      return <Heading>{renderPhrasing(node.children, context)}</Heading>;
    }
    case 'thematicBreak':
      return <hr />;
    case 'blockquote':
      return <blockquote>{renderFlow(node.children, context)}</blockquote>;
    case 'list':
      return renderList(node, context);
    case 'code':
      return (
        <pre>
          <code class={node.lang ? `language-${node.lang}` : undefined}>{node.value}</code>
        </pre>
      );
    case 'html':
      return <p>{node.value}</p>;
    case 'table':
      return renderTable(node, context);
    case 'footnoteDefinition':
      return (
        <div class="footnote" id={`footnote-${encodeURIComponent(node.identifier)}`}>
          <span class="footnote-label">{`[${node.label ?? node.identifier}]`}</span>{' '}
          {renderFlow(node.children, context)}
        </div>
      );
    case 'definition':
    case 'yaml':
      return null;
    case 'listItem':
      return renderListItem(node, false, context);
    case 'tableRow':
    case 'tableCell':
      // Only ever inside a table, which renders them.
      return null;
    default:
      // Inline content never stands at block level in a parsed tree; render it faithfully if it does.
      return renderPhrasing([node], context);
  }
}

function renderList(list: List, context: RenderContext): Child {
  const items = list.children.map((item) => renderListItem(item, list.spread === true, context));
  if (!list.ordered) return <ul>{items}</ul>;
  return <ol start={list.start != null && list.start !== 1 ? list.start : undefined}>{items}</ol>;
}

function renderListItem(item: ListItem, spread: boolean, context: RenderContext): Child {
  // A tight list shows its paragraphs without paragraph spacing, as CommonMark renders them.
  const content = item.children.map((child) =>
    !spread && child.type === 'paragraph'
      ? renderPhrasing(child.children, context)
      : renderFlow([child], context),
  );
  if (item.checked == null) return <li>{content}</li>;
  return (
    <li class="task">
      <span class="task-mark" aria-hidden="true">
        {item.checked ? '☑' : '☐'}
      </span>
      <span class="visually-hidden">{item.checked ? 'Done: ' : 'To do: '}</span>
      {content}
    </li>
  );
}

function alignClass(align: AlignType | undefined): string | undefined {
  return align ? `align-${align}` : undefined;
}

function renderTable(table: Table, context: RenderContext): Child {
  const [head, ...body] = table.children;
  const cells = (row: Table['children'][number], Cell: 'th' | 'td') =>
    row.children.map((cell, i) => (
      <Cell class={alignClass(table.align?.[i] ?? undefined)} scope={Cell === 'th' ? 'col' : undefined}>
        {renderPhrasing(cell.children, context)}
      </Cell>
    ));
  return (
    <div class="table-wrap">
      <table>
        {head ? (
          <thead>
            <tr>{cells(head, 'th')}</tr>
          </thead>
        ) : null}
        {body.length > 0 ? (
          <tbody>
            {body.map((row) => (
              <tr>{cells(row, 'td')}</tr>
            ))}
          </tbody>
        ) : null}
      </table>
    </div>
  );
}
