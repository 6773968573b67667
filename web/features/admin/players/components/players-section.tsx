import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input, Label } from '@web/ui/input';
import { Pagination } from '@web/ui/pagination';
import { Spinner } from '@web/ui/spinner';
import { SectionHeader } from '@web/ui/section-header';
import type { AdminPlayersQuery } from '@contracts/admin-players';
import { usePlayers } from '../api/get-players';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { PlayersCards } from './players-cards';
import { PlayersSortSelect } from './players-sort-select';
import { PlayersTable, type Sort } from './players-table';
import { WinnersExport } from './winners-export';

const PAGE_SIZE = 25;

/** Players: every player, searched, sorted and paginated on the server, with rename / hide / delete per row. */
export function PlayersSection() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ sort: 'rank', dir: 'asc' });
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const query: AdminPlayersQuery = { q: q || undefined, ...sort, page, pageSize: PAGE_SIZE };
  const players = usePlayers(query);
  const total = players.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const changeSort = (next: Sort) => {
    setSort(next);
    setPage(1);
  };

  return (
    <div>
      <SectionHeader
        title="Players"
        documentTitle="Players · Organizer console"
        description={
          players.data ? `${total} ${total === 1 ? 'player' : 'players'}${q ? ` matching “${q}”` : ''}` : 'Everyone who signed up.'
        }
        actions={<WinnersExport />}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <Label htmlFor={searchId}>Search by name or e-mail</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="e.g. ada or @example.com"
              className="pl-10"
              autoComplete="off"
            />
          </div>
        </div>
        <PlayersSortSelect sort={sort} onSortChange={changeSort} className="w-full md:hidden" />
      </div>
      <div aria-busy={players.isFetching}>
        {players.isPending ? (
          <Spinner label="Loading players..." className="rounded-2xl border border-night-700 p-8" />
        ) : players.isError ? (
          <p role="alert" className="rounded-2xl border border-night-700 p-8 text-center text-sm text-danger">
            Could not load the players: {players.error.message}
          </p>
        ) : players.data.players.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-night-600 p-8 text-center text-sm text-muted">
            {q ? `No player matches “${q}”.` : 'No players yet. They appear here as soon as they sign up.'}
          </p>
        ) : (
          <>
            <PlayersTable players={players.data.players} sort={sort} onSortChange={changeSort} className="hidden md:block" />
            <PlayersCards players={players.data.players} className="md:hidden" />
          </>
        )}
      </div>
      <Pagination label="Players pages" page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}
