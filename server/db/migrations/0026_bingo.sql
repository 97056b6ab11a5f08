-- Bingo (issue 16; server/games/kinds/bingo). Games are scheduled per configured room; money moves
-- only through the wallet (ticket purchases are game debits, prizes game credits, a cancelled
-- game's refunds rollbacks of the purchases). Every call and every prize is keyed uniquely here, so a
-- second driver of the same room can neither repeat nor skip a call nor pay a prize twice.

-- One game of a room. The ball order is a shuffle of the fair stream keyed by server_seed (client
-- seed: the game's id, nonce 0); server_seed_hash is published from the game's creation, before
-- sales close, and server_seed is revealed (revealed_at) when the game ends or is cancelled.
CREATE TABLE bingo_game (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  room_id text NOT NULL,
  balls smallint NOT NULL CHECK (balls IN (75, 90)),
  currency text NOT NULL,
  ticket_price bigint NOT NULL CHECK (ticket_price > 0),
  starts_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'SELLING' CHECK (status IN ('SELLING', 'PLAYING', 'ENDED', 'CANCELLED')),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  -- The room's rules as they were when the game was scheduled (prizes, jackpot, minimum players, call interval).
  rules jsonb NOT NULL,
  -- Set when sales close: the prize pools in minor units, the jackpot and the sales.
  pools jsonb,
  calls_made integer NOT NULL DEFAULT 0 CHECK (calls_made >= 0 AND calls_made <= balls),
  -- The prize the next call plays for (index into rules.prizes); = its length once the full house is won.
  stage integer NOT NULL DEFAULT 0,
  next_call_at timestamptz,
  event_seq integer NOT NULL DEFAULT 0,
  revealed_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bingo_game_room_start_key UNIQUE (room_id, starts_at)
);
--> statement-breakpoint
CREATE INDEX bingo_game_room_status_idx ON bingo_game (room_id, status);
--> statement-breakpoint
-- At most one game on sale and one in play per room.
CREATE UNIQUE INDEX bingo_game_one_selling_key ON bingo_game (room_id) WHERE status = 'SELLING';
--> statement-breakpoint
CREATE UNIQUE INDEX bingo_game_one_playing_key ON bingo_game (room_id) WHERE status = 'PLAYING';
--> statement-breakpoint

-- A purchase of tickets: one wallet debit, idempotent by the player's request key.
CREATE TABLE bingo_purchase (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  game_id uuid NOT NULL REFERENCES bingo_game (id) ON DELETE CASCADE,
  player_id uuid NOT NULL REFERENCES player (id) ON DELETE CASCADE,
  request_key text NOT NULL,
  tickets integer NOT NULL CHECK (tickets > 0),
  amount bigint NOT NULL CHECK (amount > 0),
  refunded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bingo_purchase_request_key UNIQUE (player_id, request_key)
);
--> statement-breakpoint
CREATE INDEX bingo_purchase_game_idx ON bingo_purchase (game_id, player_id);
--> statement-breakpoint

-- A ticket: a 90-ball ticket is 3 rows of 9 (0 = blank), cut from a strip of six that uses 1–90
-- once; a 75-ball card is 5 rows of 5 with a free centre (0). `serial` orders tickets by purchase:
-- the earliest-bought ticket first (the split's remainder rule).
CREATE TABLE bingo_ticket (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serial bigserial NOT NULL UNIQUE,
  game_id uuid NOT NULL REFERENCES bingo_game (id) ON DELETE CASCADE,
  purchase_id uuid NOT NULL REFERENCES bingo_purchase (id) ON DELETE CASCADE,
  player_id uuid NOT NULL REFERENCES player (id) ON DELETE CASCADE,
  strip integer NOT NULL,
  grid jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX bingo_ticket_game_player_idx ON bingo_ticket (game_id, player_id);
--> statement-breakpoint

-- The calls: one row per ball, numbered from 1; neither a number nor a position twice.
CREATE TABLE bingo_call (
  game_id uuid NOT NULL REFERENCES bingo_game (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq > 0),
  number integer NOT NULL CHECK (number > 0 AND number <= 90),
  called_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, seq),
  CONSTRAINT bingo_call_number_key UNIQUE (game_id, number)
);
--> statement-breakpoint

-- A prize won by a ticket: paid once (the key, and the wallet's credit key bingo:<game>:<prize>:<ticket>).
CREATE TABLE bingo_win (
  game_id uuid NOT NULL REFERENCES bingo_game (id) ON DELETE CASCADE,
  prize text NOT NULL,
  ticket_id uuid NOT NULL REFERENCES bingo_ticket (id) ON DELETE CASCADE,
  player_id uuid NOT NULL REFERENCES player (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount >= 0),
  call_seq integer NOT NULL,
  PRIMARY KEY (game_id, prize, ticket_id)
);
--> statement-breakpoint

-- A game's events in order (sales closed, calls, prizes, end, cancel), for replay after a seq.
CREATE TABLE bingo_event (
  game_id uuid NOT NULL REFERENCES bingo_game (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq > 0),
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, seq)
);
--> statement-breakpoint

-- The jackpot of a room in a currency: funded by a share of each game's sales, paid to a full house
-- within the room's number of calls, then started again from zero.
CREATE TABLE bingo_jackpot (
  room_id text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (room_id, currency)
);
--> statement-breakpoint

-- Who drives a room: one node at a time, until expires_at; another node takes the lease once it has
-- expired. `generation` counts the hand-overs.
CREATE TABLE bingo_room_lease (
  room_id text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  generation bigint NOT NULL DEFAULT 1
);
