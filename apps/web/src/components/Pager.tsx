import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark. @default 'Pagination' */
  label?: string;
}

/** Previous, the page numbers and next; the current page is marked for assistive technology. */
export function Pager({ page, pageCount, onPageChange, label = 'Pagination' }: PagerProps) {
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label={label} className="assent-pager">
      <ButtonGroup>
        <Button
          icon={<ChevronLeftIcon />}
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        />
        {pages.map((n) => (
          <Button
            key={n}
            text={String(n)}
            active={n === page}
            intent={n === page ? 'primary' : 'none'}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPageChange(n)}
          />
        ))}
        <Button
          icon={<ChevronRightIcon />}
          aria-label="Next page"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
