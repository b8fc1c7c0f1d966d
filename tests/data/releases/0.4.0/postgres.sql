-- A PostgreSQL database made by this release (tools/release_fixture.py): run it with the
-- search_path set to an empty schema. Generated: do not edit.
CREATE TABLE access_code (
    code_hash character varying(64) NOT NULL,
    session_id character varying(64) NOT NULL,
    kind character varying(16) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone,
    used_at timestamp with time zone
);



CREATE TABLE alembic_version (
    version_num character varying(32) NOT NULL
);



CREATE TABLE browser_session (
    id character varying(64) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    last_seen timestamp with time zone NOT NULL
);



CREATE TABLE browser_stats (
    session_id character varying(64) NOT NULL,
    generation integer NOT NULL,
    built integer NOT NULL,
    figures json,
    built_at timestamp with time zone NOT NULL
);



CREATE TABLE browser_token (
    token_hash character varying(64) NOT NULL,
    session_id character varying(64) NOT NULL,
    created_at timestamp with time zone NOT NULL
);



CREATE TABLE daily_deal (
    day date NOT NULL,
    server_seed character varying(64) NOT NULL,
    par integer,
    par_kind character varying(16),
    par_status character varying(16) NOT NULL,
    par_started_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL
);



CREATE TABLE daily_play (
    id integer NOT NULL,
    session_id character varying(64) NOT NULL,
    day date NOT NULL,
    attempt integer NOT NULL,
    log json NOT NULL,
    version integer NOT NULL,
    sort character varying(8) NOT NULL,
    points integer,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone
);



CREATE SEQUENCE daily_play_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



ALTER SEQUENCE daily_play_id_seq OWNED BY daily_play.id;



CREATE TABLE display_prefs (
    session_id character varying(64) NOT NULL,
    card_size character varying(16) NOT NULL,
    deck character varying(16) NOT NULL,
    theme character varying(16) NOT NULL,
    motion character varying(16) NOT NULL,
    computer_speed character varying(16) NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    card_back character varying(16) DEFAULT 'red'::character varying NOT NULL,
    felt character varying(16) DEFAULT 'green'::character varying NOT NULL,
    sound character varying(16) DEFAULT 'off'::character varying NOT NULL,
    vibration character varying(16) DEFAULT 'off'::character varying NOT NULL,
    language character varying(16) DEFAULT 'auto'::character varying NOT NULL
);



CREATE TABLE fair_use_counter (
    key character varying(32) NOT NULL,
    full_at double precision NOT NULL,
    period double precision NOT NULL
);



CREATE TABLE hand_review (
    match_id integer NOT NULL,
    number integer NOT NULL,
    status character varying(16) NOT NULL,
    ratings json NOT NULL,
    seconds double precision,
    created_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    seat integer DEFAULT 0 NOT NULL
);



CREATE TABLE instance_setting (
    key character varying(32) NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone NOT NULL
);



CREATE TABLE learn_lesson (
    session_id character varying(64) NOT NULL,
    done integer NOT NULL,
    version integer NOT NULL,
    sort character varying(8) NOT NULL,
    back character varying(200) NOT NULL,
    offer_closed boolean NOT NULL,
    updated_at timestamp with time zone NOT NULL
);



CREATE TABLE match_stats (
    match_id integer NOT NULL,
    seat integer NOT NULL,
    stamp character varying(200) NOT NULL,
    facts json NOT NULL
);



CREATE TABLE operator_session (
    token_hash character varying(64) NOT NULL,
    token_tag character varying(64) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);



CREATE TABLE play_hand (
    match_id integer NOT NULL,
    number integer NOT NULL,
    dealer integer NOT NULL,
    server_seed character varying(64),
    client_seed character varying(64),
    commitment character varying(64),
    log json NOT NULL,
    finished boolean NOT NULL,
    winner integer,
    points integer NOT NULL,
    kind character varying(16),
    created_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    seat_seeds json
);



CREATE TABLE play_match (
    id integer NOT NULL,
    session_id character varying(64) NOT NULL,
    rules json NOT NULL,
    first_dealer integer NOT NULL,
    level character varying(16) NOT NULL,
    client_seed character varying(64) NOT NULL,
    next_server_seed character varying(64),
    hands integer NOT NULL,
    over boolean NOT NULL,
    legacy_seed bigint,
    legacy_log json,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    hints_used integer DEFAULT 0 NOT NULL,
    version integer DEFAULT 0 NOT NULL,
    friend boolean DEFAULT false NOT NULL,
    invite_token character varying(64),
    invite_status character varying(16),
    invite_expires timestamp with time zone,
    guest_session_id character varying(64),
    names json,
    guest_client_seed character varying(64) DEFAULT ''::character varying NOT NULL,
    host_seen_at timestamp with time zone,
    guest_seen_at timestamp with time zone,
    hand_seeds json
);



CREATE SEQUENCE play_match_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



ALTER SEQUENCE play_match_id_seq OWNED BY play_match.id;



CREATE TABLE play_seat (
    session_id character varying(64) NOT NULL,
    match_id integer NOT NULL,
    version integer NOT NULL,
    sort character varying(8) NOT NULL,
    selected character varying(2),
    computer_said character varying(2000) NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    arranged character varying(40),
    arranged_for character varying(32),
    opened_at timestamp with time zone NOT NULL
);



CREATE TABLE practice_hand (
    session_id character varying(64) NOT NULL,
    match_id integer NOT NULL,
    number integer NOT NULL,
    start integer NOT NULL,
    log json NOT NULL,
    version integer NOT NULL,
    created_at timestamp with time zone NOT NULL
);



CREATE TABLE score_sheet (
    id integer NOT NULL,
    session_id character varying(64) NOT NULL,
    share_token character varying(64) NOT NULL,
    title character varying(200) NOT NULL,
    document text NOT NULL,
    version integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    redo text,
    previous_id integer
);



CREATE SEQUENCE score_sheet_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



ALTER SEQUENCE score_sheet_id_seq OWNED BY score_sheet.id;



CREATE TABLE set_aside_row (
    id integer NOT NULL,
    table_name character varying(64) NOT NULL,
    row_key character varying(200) NOT NULL,
    session_id character varying(64),
    reason character varying(500) NOT NULL,
    data text NOT NULL,
    created_at timestamp with time zone NOT NULL
);



CREATE SEQUENCE set_aside_row_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



ALTER SEQUENCE set_aside_row_id_seq OWNED BY set_aside_row.id;



ALTER TABLE ONLY daily_play ALTER COLUMN id SET DEFAULT nextval('daily_play_id_seq'::regclass);



ALTER TABLE ONLY play_match ALTER COLUMN id SET DEFAULT nextval('play_match_id_seq'::regclass);



ALTER TABLE ONLY score_sheet ALTER COLUMN id SET DEFAULT nextval('score_sheet_id_seq'::regclass);



ALTER TABLE ONLY set_aside_row ALTER COLUMN id SET DEFAULT nextval('set_aside_row_id_seq'::regclass);



INSERT INTO access_code (code_hash, session_id, kind, created_at, expires_at, used_at) VALUES ('6a853acf273ab0980e4fbe65279d91b08fe9af03f2ef74deb4c549c146a2f2d4', 'cde75c068c06befbd6fb39e93f33a032', 'device', '2026-12-06 07:26:39.622269+00', '2026-12-06 07:36:39.622269+00', NULL);
INSERT INTO access_code (code_hash, session_id, kind, created_at, expires_at, used_at) VALUES ('2805e497794572393fb8440d37a4fae5e2807282f0ab9105d383435b3771639a', 'cde75c068c06befbd6fb39e93f33a032', 'recovery', '2026-12-06 07:26:39.645838+00', NULL, NULL);



INSERT INTO alembic_version (version_num) VALUES ('0028');



INSERT INTO browser_session (id, created_at, last_seen) VALUES ('cde75c068c06befbd6fb39e93f33a032', '2026-12-06 07:26:34.089752+00', '2026-12-06 07:26:34.089752+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('705be693fa7764c737e18a2ec9b91fdb', '2026-12-06 07:26:34.174153+00', '2026-12-06 07:26:34.174153+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('2afa0af278c7f83149b6df09d6fd9108', '2026-12-06 07:26:34.224687+00', '2026-12-06 07:26:34.224687+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('0726e25ac09ca834205bce7abd935a92', '2026-12-06 07:26:34.388834+00', '2026-12-06 07:26:34.388834+00');



INSERT INTO browser_stats (session_id, generation, built, figures, built_at) VALUES ('cde75c068c06befbd6fb39e93f33a032', 14, -1, 'null', '2026-12-06 07:26:35.990247+00');



INSERT INTO browser_token (token_hash, session_id, created_at) VALUES ('c8f1d7f9e1b404497168dee5c42925f9bd62342f2be813067bea7b65dbb04f8d', 'cde75c068c06befbd6fb39e93f33a032', '2026-12-06 07:26:34.093168+00');
INSERT INTO browser_token (token_hash, session_id, created_at) VALUES ('c519cec468d8e9027d95be94bd82af7c702c6856da74afcb2f96e1a2de99d866', '705be693fa7764c737e18a2ec9b91fdb', '2026-12-06 07:26:34.176139+00');
INSERT INTO browser_token (token_hash, session_id, created_at) VALUES ('417c21c8dcbce8291c9cbbdb0dabd1cb135027575046c1cd7af81714ebbcad14', '2afa0af278c7f83149b6df09d6fd9108', '2026-12-06 07:26:34.225693+00');
INSERT INTO browser_token (token_hash, session_id, created_at) VALUES ('de95362e5c5bccff2b73b9ee6d898fdd04bdfb6721bc8b43b0820523787d3782', '0726e25ac09ca834205bce7abd935a92', '2026-12-06 07:26:34.396795+00');



INSERT INTO daily_deal (day, server_seed, par, par_kind, par_status, par_started_at, created_at) VALUES ('2026-12-06', 'b6c0e30aff53fcc11abdbeff846b3d5c8c5c3d7eca5caf39b1638eb4d0dc5822', -31, 'gin', 'done', '2026-12-06 07:26:33.967899+00', '2026-12-06 07:26:33.958267+00');
INSERT INTO daily_deal (day, server_seed, par, par_kind, par_status, par_started_at, created_at) VALUES ('2026-12-07', '143fac56f629dce7e6e202be553f6561980c1ce9ca7887fc7c547c1c94aa2328', -36, 'gin', 'done', '2026-12-06 07:26:33.972345+00', '2026-12-06 07:26:33.958272+00');






INSERT INTO display_prefs (session_id, card_size, deck, theme, motion, computer_speed, updated_at, card_back, felt, sound, vibration, language) VALUES ('cde75c068c06befbd6fb39e93f33a032', 'large', 'four', 'dark', 'device', 'normal', '2026-12-06 07:26:39.609013+00', 'green', 'grey', 'on', 'off', 'auto');






INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 1, 'done', '[{"index": 1, "chosen": "pass", "best": "pass", "chosen_chance": 0.5162853079778763, "best_chance": 0.5162853079778763, "loss": 0.0, "mark": ""}, {"index": 4, "chosen": "discard 6C", "best": "discard 6C", "chosen_chance": 0.5168472960484073, "best_chance": 0.5168472960484073, "loss": 0.0, "mark": ""}, {"index": 7, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.40679361145148873, "best_chance": 0.5536590330835366, "loss": 14.69, "mark": "mistake"}, {"index": 8, "chosen": "discard TH", "best": "discard TH", "chosen_chance": 0.5159256118363844, "best_chance": 0.5159256118363844, "loss": 0.0, "mark": ""}, {"index": 11, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.4379822560163309, "best_chance": 0.4456031775248766, "loss": 0.76, "mark": ""}, {"index": 12, "chosen": "discard TD", "best": "discard QH", "chosen_chance": 0.48252782155679874, "best_chance": 0.5253173170373048, "loss": 4.28, "mark": ""}, {"index": 15, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.4578010197861717, "best_chance": 0.4578010197861717, "loss": 0.0, "mark": ""}, {"index": 16, "chosen": "discard 6H", "best": "discard QH", "chosen_chance": 0.4598571831681819, "best_chance": 0.5021596412088071, "loss": 4.23, "mark": ""}, {"index": 19, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.4885030660827688, "best_chance": 0.5125176506804471, "loss": 2.4, "mark": ""}, {"index": 20, "chosen": "discard KD", "best": "discard QH", "chosen_chance": 0.41147061353120806, "best_chance": 0.4483764349257005, "loss": 3.69, "mark": ""}, {"index": 23, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.3883034671048072, "best_chance": 0.4668098455732496, "loss": 7.85, "mark": "inaccuracy"}, {"index": 24, "chosen": "discard QH", "best": "discard TS", "chosen_chance": 0.41432681441455266, "best_chance": 0.4305442579719907, "loss": 1.62, "mark": ""}, {"index": 27, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.4098665696484021, "best_chance": 0.48976262107518087, "loss": 7.99, "mark": "inaccuracy"}, {"index": 28, "chosen": "discard JD", "best": "discard TS", "chosen_chance": 0.49314063070376885, "best_chance": 0.5380818871233053, "loss": 4.49, "mark": ""}, {"index": 31, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.45463876968967715, "best_chance": 0.45463876968967715, "loss": 0.0, "mark": ""}, {"index": 32, "chosen": "discard JC", "best": "discard KH", "chosen_chance": 0.4790160951021644, "best_chance": 0.5203340584390159, "loss": 4.13, "mark": ""}, {"index": 35, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.4843092405357792, "best_chance": 0.4843092405357792, "loss": 0.0, "mark": ""}, {"index": 36, "chosen": "discard KH", "best": "discard QS", "chosen_chance": 0.4670263849766699, "best_chance": 0.5034518735197054, "loss": 3.64, "mark": ""}, {"index": 39, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.47246805540989123, "best_chance": 0.5163253405388234, "loss": 4.39, "mark": ""}, {"index": 40, "chosen": "discard TS", "best": "discard 7S", "chosen_chance": 0.48364681148029737, "best_chance": 0.5289251805760492, "loss": 4.53, "mark": ""}, {"index": 43, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.5273812826716022, "best_chance": 0.5273812826716022, "loss": 0.0, "mark": ""}, {"index": 44, "chosen": "discard QS", "best": "discard 4H", "chosen_chance": 0.4431767406775175, "best_chance": 0.4969294966177353, "loss": 5.38, "mark": "inaccuracy"}, {"index": 47, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.4508128315753434, "best_chance": 0.5070418889405098, "loss": 5.62, "mark": "inaccuracy"}, {"index": 48, "chosen": "discard 7H", "best": "discard 7H", "chosen_chance": 0.5116103586602426, "best_chance": 0.5116103586602426, "loss": 0.0, "mark": ""}, {"index": 51, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.44818581361382326, "best_chance": 0.49132929751397586, "loss": 4.31, "mark": ""}, {"index": 52, "chosen": "discard TC", "best": "discard TC", "chosen_chance": 0.5011958891327362, "best_chance": 0.5011958891327362, "loss": 0.0, "mark": ""}, {"index": 55, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.5375630979192548, "best_chance": 0.5375630979192548, "loss": 0.0, "mark": ""}, {"index": 56, "chosen": "discard KC", "best": "discard KC", "chosen_chance": 0.4996941430492168, "best_chance": 0.4996941430492168, "loss": 0.0, "mark": ""}, {"index": 59, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.4891159463755888, "best_chance": 0.5850038051961873, "loss": 9.59, "mark": "inaccuracy"}, {"index": 60, "chosen": "discard 7S", "best": "discard 7S", "chosen_chance": 0.5242726637016235, "best_chance": 0.5242726637016235, "loss": 0.0, "mark": ""}, {"index": 63, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.42396328468453065, "best_chance": 0.4938107837313561, "loss": 6.98, "mark": "inaccuracy"}, {"index": 64, "chosen": "discard 4H", "best": "discard 4H", "chosen_chance": 0.4679553478150096, "best_chance": 0.4679553478150096, "loss": 0.0, "mark": ""}, {"index": 67, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.5008373134103908, "best_chance": 0.5008373134103908, "loss": 0.0, "mark": ""}, {"index": 68, "chosen": "discard JS", "best": "discard JS", "chosen_chance": 0.48039689603845875, "best_chance": 0.48039689603845875, "loss": 0.0, "mark": ""}, {"index": 71, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.44492773946284697, "best_chance": 0.5067501512318499, "loss": 6.18, "mark": "inaccuracy"}, {"index": 72, "chosen": "discard 8D", "best": "discard 8D", "chosen_chance": 0.4520661299911127, "best_chance": 0.4520661299911127, "loss": 0.0, "mark": ""}]', 9.322, '2026-12-06 07:26:35.993632+00', '2026-12-06 07:26:45.318888+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 2, 'done', '[{"index": 3, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.21543802319257452, "best_chance": 0.2934105390088038, "loss": 7.8, "mark": "inaccuracy"}, {"index": 4, "chosen": "discard QC", "best": "discard QC", "chosen_chance": 0.2318397879479784, "best_chance": 0.2318397879479784, "loss": 0.0, "mark": ""}, {"index": 7, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.2464093455090035, "best_chance": 0.26082911310804974, "loss": 1.44, "mark": ""}, {"index": 8, "chosen": "discard KC", "best": "discard KC", "chosen_chance": 0.234084810564513, "best_chance": 0.234084810564513, "loss": 0.0, "mark": ""}]', 1.034, '2026-12-06 07:26:36.446642+00', '2026-12-06 07:26:46.374535+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 3, 'done', '[{"index": 1, "chosen": "pass", "best": "pass", "chosen_chance": 0.10184867000465969, "best_chance": 0.10184867000465969, "loss": 0.0, "mark": ""}, {"index": 4, "chosen": "discard QC", "best": "discard JS", "chosen_chance": 0.11631856700184794, "best_chance": 0.13873871147103584, "loss": 2.24, "mark": ""}, {"index": 7, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.09452414120307107, "best_chance": 0.09452414120307107, "loss": 0.0, "mark": ""}, {"index": 8, "chosen": "discard 8S", "best": "discard KS", "chosen_chance": 0.09612242285033, "best_chance": 0.09646951683143044, "loss": 0.03, "mark": ""}, {"index": 11, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.14051144947452562, "best_chance": 0.14051144947452562, "loss": 0.0, "mark": ""}, {"index": 12, "chosen": "discard QD", "best": "discard QD", "chosen_chance": 0.12439701778276592, "best_chance": 0.12439701778276592, "loss": 0.0, "mark": ""}, {"index": 15, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.08896720869810144, "best_chance": 0.10585014148942623, "loss": 1.69, "mark": ""}, {"index": 16, "chosen": "discard JS", "best": "discard JS", "chosen_chance": 0.12203450369981343, "best_chance": 0.12203450369981343, "loss": 0.0, "mark": ""}, {"index": 19, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.12244032991553268, "best_chance": 0.12244032991553268, "loss": 0.0, "mark": ""}, {"index": 20, "chosen": "discard TD", "best": "discard 6S", "chosen_chance": 0.06598392280028086, "best_chance": 0.0964882949834769, "loss": 3.05, "mark": ""}, {"index": 23, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.10140263235347789, "best_chance": 0.10140263235347789, "loss": 0.0, "mark": ""}, {"index": 24, "chosen": "discard KS", "best": "discard 6S", "chosen_chance": 0.10560977321658949, "best_chance": 0.15712998831145958, "loss": 5.15, "mark": "inaccuracy"}, {"index": 27, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.15595103698962628, "best_chance": 0.15595103698962628, "loss": 0.0, "mark": ""}, {"index": 28, "chosen": "discard 9S", "best": "discard 6S", "chosen_chance": 0.1133099133817214, "best_chance": 0.12835146817304321, "loss": 1.5, "mark": ""}, {"index": 31, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.09478215663169816, "best_chance": 0.11911124773710983, "loss": 2.43, "mark": ""}, {"index": 32, "chosen": "discard 6D", "best": "discard 5D", "chosen_chance": 0.12191834662122686, "best_chance": 0.1366806754142981, "loss": 1.48, "mark": ""}, {"index": 35, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.12557568332655858, "best_chance": 0.12557568332655858, "loss": 0.0, "mark": ""}, {"index": 36, "chosen": "discard TH", "best": "discard TH", "chosen_chance": 0.10347413429510345, "best_chance": 0.10347413429510345, "loss": 0.0, "mark": ""}, {"index": 39, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.108471066732915, "best_chance": 0.108471066732915, "loss": 0.0, "mark": ""}, {"index": 40, "chosen": "knock 6S", "best": "discard 6S", "chosen_chance": 0.1371134299794575, "best_chance": 0.16771487852474823, "loss": 3.06, "mark": ""}]', 3.283, '2026-12-06 07:26:36.812619+00', '2026-12-06 07:26:49.670679+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 4, 'done', '[{"index": 2, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.13079896089290358, "best_chance": 0.13079896089290358, "loss": 0.0, "mark": ""}, {"index": 3, "chosen": "discard JC", "best": "discard KH", "chosen_chance": 0.11159946435413091, "best_chance": 0.15642430557316958, "loss": 4.48, "mark": ""}, {"index": 6, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.1251250155939405, "best_chance": 0.15651682330368405, "loss": 3.14, "mark": ""}, {"index": 7, "chosen": "discard JD", "best": "discard 9S", "chosen_chance": 0.11079360716515063, "best_chance": 0.13635758512930882, "loss": 2.56, "mark": ""}, {"index": 10, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.12487658258377815, "best_chance": 0.12779315588797, "loss": 0.29, "mark": ""}, {"index": 11, "chosen": "discard KD", "best": "discard KD", "chosen_chance": 0.12255094598655851, "best_chance": 0.12255094598655851, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.14403738577338485, "best_chance": 0.14403738577338485, "loss": 0.0, "mark": ""}, {"index": 15, "chosen": "discard KH", "best": "discard 9S", "chosen_chance": 0.12761387041955166, "best_chance": 0.14163491600237196, "loss": 1.4, "mark": ""}, {"index": 18, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.12148785062316625, "best_chance": 0.1554390182010161, "loss": 3.4, "mark": ""}, {"index": 19, "chosen": "discard TD", "best": "discard TD", "chosen_chance": 0.12824002274028118, "best_chance": 0.12824002274028118, "loss": 0.0, "mark": ""}, {"index": 22, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.0932963322361909, "best_chance": 0.12996682644125807, "loss": 3.67, "mark": ""}, {"index": 23, "chosen": "discard 7S", "best": "discard 6C", "chosen_chance": 0.10242333684192777, "best_chance": 0.1322350977211861, "loss": 2.98, "mark": ""}, {"index": 26, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.09429425005638464, "best_chance": 0.11988048928954727, "loss": 2.56, "mark": ""}, {"index": 27, "chosen": "discard 8S", "best": "discard 8S", "chosen_chance": 0.11840638196800994, "best_chance": 0.11840638196800994, "loss": 0.0, "mark": ""}, {"index": 30, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.16251455934106585, "best_chance": 0.16251455934106585, "loss": 0.0, "mark": ""}, {"index": 31, "chosen": "discard 8D", "best": "discard 8D", "chosen_chance": 0.15175078506604986, "best_chance": 0.15175078506604986, "loss": 0.0, "mark": ""}]', 2.465, '2026-12-06 07:26:37.188191+00', '2026-12-06 07:26:52.146375+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 5, 'done', '[{"index": 1, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.0881784536724496, "best_chance": 0.0881784536724496, "loss": 0.0, "mark": ""}, {"index": 2, "chosen": "discard TD", "best": "discard 9S", "chosen_chance": 0.08271538837531563, "best_chance": 0.09321345740681093, "loss": 1.05, "mark": ""}, {"index": 5, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.05775572067310361, "best_chance": 0.05775572067310361, "loss": 0.0, "mark": ""}, {"index": 6, "chosen": "discard JS", "best": "discard 9S", "chosen_chance": 0.052290715803885536, "best_chance": 0.07543674225392728, "loss": 2.31, "mark": ""}, {"index": 9, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.0747401162135963, "best_chance": 0.09617393201791198, "loss": 2.14, "mark": ""}, {"index": 10, "chosen": "discard 9C", "best": "discard 8C", "chosen_chance": 0.07999171716381752, "best_chance": 0.08039823552743451, "loss": 0.04, "mark": ""}, {"index": 13, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.09754339209496059, "best_chance": 0.09754339209496059, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "discard QH", "best": "discard 9S", "chosen_chance": 0.06651603277482432, "best_chance": 0.06953248306280387, "loss": 0.3, "mark": ""}, {"index": 17, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.06955309627678898, "best_chance": 0.09524535351167251, "loss": 2.57, "mark": ""}, {"index": 18, "chosen": "discard 9S", "best": "discard 6S", "chosen_chance": 0.05498856793293908, "best_chance": 0.06477304868575438, "loss": 0.98, "mark": ""}, {"index": 21, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.08507076672190955, "best_chance": 0.09431941780981673, "loss": 0.92, "mark": ""}, {"index": 22, "chosen": "discard JD", "best": "discard JD", "chosen_chance": 0.10651993745300166, "best_chance": 0.10651993745300166, "loss": 0.0, "mark": ""}, {"index": 25, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.09375365137726648, "best_chance": 0.09375365137726648, "loss": 0.0, "mark": ""}, {"index": 26, "chosen": "discard 9H", "best": "discard 9H", "chosen_chance": 0.055739164733027945, "best_chance": 0.055739164733027945, "loss": 0.0, "mark": ""}, {"index": 29, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.047649899981341344, "best_chance": 0.06555488271306169, "loss": 1.79, "mark": ""}, {"index": 30, "chosen": "discard 8C", "best": "discard 8S", "chosen_chance": 0.07768795508756239, "best_chance": 0.08976526979465538, "loss": 1.21, "mark": ""}, {"index": 33, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.08695789750756076, "best_chance": 0.08695789750756076, "loss": 0.0, "mark": ""}, {"index": 34, "chosen": "discard 8S", "best": "discard 6H", "chosen_chance": 0.07877457474787139, "best_chance": 0.0792084588770875, "loss": 0.04, "mark": ""}, {"index": 37, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.09654503880336163, "best_chance": 0.09654503880336163, "loss": 0.0, "mark": ""}, {"index": 38, "chosen": "discard 6H", "best": "discard 6S", "chosen_chance": 0.04347442591405687, "best_chance": 0.08135300524895242, "loss": 3.79, "mark": ""}, {"index": 41, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.09833651182020292, "best_chance": 0.09833651182020292, "loss": 0.0, "mark": ""}, {"index": 42, "chosen": "discard TS", "best": "discard TS", "chosen_chance": 0.09292529722451526, "best_chance": 0.09292529722451526, "loss": 0.0, "mark": ""}, {"index": 45, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.1245470996663679, "best_chance": 0.1245470996663679, "loss": 0.0, "mark": ""}, {"index": 46, "chosen": "knock 2C", "best": "discard 6S", "chosen_chance": 0.09209259378368052, "best_chance": 0.12092709044884033, "loss": 2.88, "mark": ""}]', 3.023, '2026-12-06 07:26:38.114024+00', '2026-12-06 07:26:55.207987+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 6, 'done', '[{"index": 2, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.15331763437843673, "best_chance": 0.15331763437843673, "loss": 0.0, "mark": ""}, {"index": 3, "chosen": "discard JC", "best": "discard KS", "chosen_chance": 0.06114427351533664, "best_chance": 0.10166265491459142, "loss": 4.05, "mark": ""}, {"index": 6, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.15192809788526712, "best_chance": 0.15192809788526712, "loss": 0.0, "mark": ""}, {"index": 7, "chosen": "discard KC", "best": "discard TS", "chosen_chance": 0.05587753254034065, "best_chance": 0.09184976438630658, "loss": 3.6, "mark": ""}, {"index": 10, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.07295362969697658, "best_chance": 0.1345963292743549, "loss": 6.16, "mark": "inaccuracy"}, {"index": 11, "chosen": "discard JD", "best": "discard JD", "chosen_chance": 0.09107163687798504, "best_chance": 0.09107163687798504, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.08341591698783817, "best_chance": 0.09651709839678063, "loss": 1.31, "mark": ""}, {"index": 15, "chosen": "discard TS", "best": "discard 5C", "chosen_chance": 0.11057814630582717, "best_chance": 0.13336371695583607, "loss": 2.28, "mark": ""}, {"index": 18, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.062151917366572246, "best_chance": 0.074369257461343, "loss": 1.22, "mark": ""}, {"index": 19, "chosen": "discard JS", "best": "discard 5C", "chosen_chance": 0.04713638630554636, "best_chance": 0.10458467611078086, "loss": 5.74, "mark": "inaccuracy"}, {"index": 22, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.09937661640978145, "best_chance": 0.09937661640978145, "loss": 0.0, "mark": ""}, {"index": 23, "chosen": "discard KS", "best": "discard KS", "chosen_chance": 0.08625862094620329, "best_chance": 0.08625862094620329, "loss": 0.0, "mark": ""}, {"index": 26, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.07627314622480956, "best_chance": 0.10250710079586023, "loss": 2.62, "mark": ""}, {"index": 27, "chosen": "discard 9D", "best": "discard 9H", "chosen_chance": 0.09093219658448344, "best_chance": 0.09448662287177405, "loss": 0.36, "mark": ""}, {"index": 30, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.08450410446520902, "best_chance": 0.08962127756781361, "loss": 0.51, "mark": ""}, {"index": 31, "chosen": "discard 9H", "best": "discard 9H", "chosen_chance": 0.09323304150829341, "best_chance": 0.09323304150829341, "loss": 0.0, "mark": ""}, {"index": 34, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.07746466754524838, "best_chance": 0.07746466754524838, "loss": 0.0, "mark": ""}, {"index": 35, "chosen": "discard 9S", "best": "discard 5C", "chosen_chance": 0.08701473271926362, "best_chance": 0.10366108334710622, "loss": 1.66, "mark": ""}, {"index": 38, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.0826903618522388, "best_chance": 0.10295776340774976, "loss": 2.03, "mark": ""}, {"index": 39, "chosen": "discard 8H", "best": "discard 6D", "chosen_chance": 0.05823514226432549, "best_chance": 0.07296861683278161, "loss": 1.47, "mark": ""}]', 1.455, '2026-12-06 07:26:39.36566+00', '2026-12-06 07:26:56.66711+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (2, 1, 'done', '[{"index": 1, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.5807464997913496, "best_chance": 0.5807464997913496, "loss": 0.0, "mark": ""}, {"index": 2, "chosen": "discard QD", "best": "discard QS", "chosen_chance": 0.5189806904295245, "best_chance": 0.5407169092704984, "loss": 2.17, "mark": ""}, {"index": 5, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.569659343525708, "best_chance": 0.569659343525708, "loss": 0.0, "mark": ""}, {"index": 6, "chosen": "discard QS", "best": "discard 8C", "chosen_chance": 0.5050925879108511, "best_chance": 0.5824187778580401, "loss": 7.73, "mark": "inaccuracy"}, {"index": 9, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.5434092369029252, "best_chance": 0.5914610608388139, "loss": 4.81, "mark": ""}, {"index": 10, "chosen": "discard KS", "best": "discard KS", "chosen_chance": 0.5824217400711579, "best_chance": 0.5824217400711579, "loss": 0.0, "mark": ""}, {"index": 13, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.5756326400404896, "best_chance": 0.5756326400404896, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "discard 9H", "best": "discard 4H", "chosen_chance": 0.5362001971128282, "best_chance": 0.599464455575328, "loss": 6.33, "mark": "inaccuracy"}, {"index": 17, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.561328121126107, "best_chance": 0.561328121126107, "loss": 0.0, "mark": ""}, {"index": 18, "chosen": "discard 4H", "best": "discard 4H", "chosen_chance": 0.6322635893229174, "best_chance": 0.6322635893229174, "loss": 0.0, "mark": ""}]', 1.157, '2026-12-06 07:26:39.543126+00', '2026-12-06 07:26:57.829179+00', 0);















INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 1, 1, '63f634d96e641d7096e7a457960083165584cd23e4a3127cc4d892619f143407', 'a601d44ed47e8ae7', '8577ed6f72e19298ca20761cc7d26fdff547f4872cd174459256ef6a8f51cf7b', '[[0, "pass"], [1, "pass"], [0, "draw_stock"], [0, "discard 6C"], [1, "draw_stock"], [1, "discard JH"], [0, "draw_stock"], [0, "discard TH"], [1, "draw_stock"], [1, "discard 4S"], [0, "draw_stock"], [0, "discard TD"], [1, "draw_stock"], [1, "discard QS"], [0, "take_discard"], [0, "discard 6H"], [1, "draw_stock"], [1, "discard QD"], [0, "draw_stock"], [0, "discard KD"], [1, "draw_stock"], [1, "discard JD"], [0, "take_discard"], [0, "discard QH"], [1, "draw_stock"], [1, "discard JC"], [0, "take_discard"], [0, "discard JD"], [1, "draw_stock"], [1, "discard 9H"], [0, "draw_stock"], [0, "discard JC"], [1, "draw_stock"], [1, "discard 9D"], [0, "draw_stock"], [0, "discard KH"], [1, "draw_stock"], [1, "discard 3C"], [0, "take_discard"], [0, "discard TS"], [1, "draw_stock"], [1, "discard 7H"], [0, "take_discard"], [0, "discard QS"], [1, "draw_stock"], [1, "discard TC"], [0, "take_discard"], [0, "discard 7H"], [1, "draw_stock"], [1, "discard KC"], [0, "take_discard"], [0, "discard TC"], [1, "draw_stock"], [1, "discard 5C"], [0, "take_discard"], [0, "discard KC"], [1, "draw_stock"], [1, "discard 3S"], [0, "draw_stock"], [0, "discard 7S"], [1, "take_discard"], [1, "discard JS"], [0, "take_discard"], [0, "discard 4H"], [1, "draw_stock"], [1, "discard 8C"], [0, "draw_stock"], [0, "discard JS"], [1, "draw_stock"], [1, "discard 9C"], [0, "take_discard"], [0, "discard 8D"], [1, "take_discard"], [1, "gin 4D"]]', true, 1, 42, 'gin', '2026-12-06 07:26:34.44521+00', '2026-12-06 07:26:35.989686+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 2, 0, 'eef8f5a88875fb1d4ec43e6401b0aabbf8b3922d41b60e1959d567b917f6a3b5', 'a601d44ed47e8ae7', 'ef93929abdf52c7ee8ad9c2824f7b7026af41b4b783c8a841ebb9b86c7a98542', '[[1, "take_upcard"], [1, "discard 7H"], [0, "draw_stock"], [0, "discard QC"], [1, "draw_stock"], [1, "discard TS"], [0, "take_discard"], [0, "discard KC"], [1, "draw_stock"], [1, "knock 7C"]]', true, 1, 27, 'knock', '2026-12-06 07:26:36.246832+00', '2026-12-06 07:26:36.442336+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 3, 1, 'b78651de39c0a4f328bbd2f11075d9c2d2a0abc91d90da4b2b3dab0a63341cd6', 'a601d44ed47e8ae7', '84fafa2412543e98176044ff1d53a3c115591560ad76504b1a87e93a5ea33d4c', '[[0, "pass"], [1, "pass"], [0, "draw_stock"], [0, "discard QC"], [1, "draw_stock"], [1, "discard QH"], [0, "draw_stock"], [0, "discard 8S"], [1, "draw_stock"], [1, "discard JH"], [0, "draw_stock"], [0, "discard QD"], [1, "draw_stock"], [1, "discard TD"], [0, "take_discard"], [0, "discard JS"], [1, "draw_stock"], [1, "discard 9S"], [0, "take_discard"], [0, "discard TD"], [1, "draw_stock"], [1, "discard 9C"], [0, "draw_stock"], [0, "discard KS"], [1, "take_discard"], [1, "discard 5H"], [0, "draw_stock"], [0, "discard 9S"], [1, "draw_stock"], [1, "discard 7C"], [0, "take_discard"], [0, "discard 6D"], [1, "draw_stock"], [1, "discard TS"], [0, "draw_stock"], [0, "discard TH"], [1, "draw_stock"], [1, "discard 9D"], [0, "draw_stock"], [0, "knock 6S"]]', true, 0, 3, 'knock', '2026-12-06 07:26:36.476706+00', '2026-12-06 07:26:36.810978+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 4, 0, '60a98ff9dbb94f261dc50fc735c3b88c91fd7f7733046fb543d75588a776ea38', 'a601d44ed47e8ae7', '69245ea719b0670828cae7aac13aa565832f349c8a7cadead996bc069bbadc05', '[[1, "pass"], [0, "take_upcard"], [0, "discard JC"], [1, "draw_stock"], [1, "discard KS"], [0, "draw_stock"], [0, "discard JD"], [1, "draw_stock"], [1, "discard QC"], [0, "draw_stock"], [0, "discard KD"], [1, "draw_stock"], [1, "discard TD"], [0, "take_discard"], [0, "discard KH"], [1, "draw_stock"], [1, "discard 9C"], [0, "take_discard"], [0, "discard TD"], [1, "draw_stock"], [1, "discard 8S"], [0, "take_discard"], [0, "discard 7S"], [1, "take_discard"], [1, "discard 8D"], [0, "take_discard"], [0, "discard 8S"], [1, "draw_stock"], [1, "discard TC"], [0, "draw_stock"], [0, "discard 8D"], [1, "draw_stock"], [1, "knock 6S"]]', true, 1, 11, 'knock', '2026-12-06 07:26:36.831947+00', '2026-12-06 07:26:37.186379+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 5, 1, '6d0946766e45a60bac941170111df593f472bd68074e4d6b3e9b106be5a98b1e', 'a601d44ed47e8ae7', '263d03c10726bf805aa77c661a94f4562d085d3439e6edcd437716e21539c6ba', '[[0, "take_upcard"], [0, "discard TD"], [1, "draw_stock"], [1, "discard TC"], [0, "draw_stock"], [0, "discard JS"], [1, "draw_stock"], [1, "discard QH"], [0, "take_discard"], [0, "discard 9C"], [1, "draw_stock"], [1, "discard QC"], [0, "draw_stock"], [0, "discard QH"], [1, "draw_stock"], [1, "discard JD"], [0, "take_discard"], [0, "discard 9S"], [1, "draw_stock"], [1, "discard 9H"], [0, "take_discard"], [0, "discard JD"], [1, "draw_stock"], [1, "discard TH"], [0, "draw_stock"], [0, "discard 9H"], [1, "draw_stock"], [1, "discard 8D"], [0, "draw_stock"], [0, "discard 8C"], [1, "draw_stock"], [1, "discard JH"], [0, "draw_stock"], [0, "discard 8S"], [1, "draw_stock"], [1, "discard TS"], [0, "take_discard"], [0, "discard 6H"], [1, "draw_stock"], [1, "discard 5D"], [0, "take_discard"], [0, "discard TS"], [1, "draw_stock"], [1, "discard 3H"], [0, "take_discard"], [0, "knock 2C"]]', true, 0, 10, 'knock', '2026-12-06 07:26:37.21458+00', '2026-12-06 07:26:38.112503+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 6, 0, '1304a0a0037efee60483ecce7f617011c5518ee0c11740b6ac19fbbee0783db3', 'a601d44ed47e8ae7', 'eaef4fa3d5f67049fec3c32eb3db4c7ad18c200a644621bdafab0ed1cdc2f3d4', '[[1, "pass"], [0, "take_upcard"], [0, "discard JC"], [1, "draw_stock"], [1, "discard KH"], [0, "draw_stock"], [0, "discard KC"], [1, "draw_stock"], [1, "discard KD"], [0, "draw_stock"], [0, "discard JD"], [1, "draw_stock"], [1, "discard JS"], [0, "take_discard"], [0, "discard TS"], [1, "take_discard"], [1, "discard 8C"], [0, "draw_stock"], [0, "discard JS"], [1, "draw_stock"], [1, "discard 9D"], [0, "take_discard"], [0, "discard KS"], [1, "draw_stock"], [1, "discard 8H"], [0, "take_discard"], [0, "discard 9D"], [1, "draw_stock"], [1, "discard 9S"], [0, "take_discard"], [0, "discard 9H"], [1, "draw_stock"], [1, "discard 9C"], [0, "draw_stock"], [0, "discard 9S"], [1, "draw_stock"], [1, "discard 8D"], [0, "draw_stock"], [0, "discard 8H"], [1, "take_discard"], [1, "knock 4H"]]', true, 1, 24, 'knock', '2026-12-06 07:26:38.132145+00', '2026-12-06 07:26:39.364077+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (2, 1, 1, 'a479eeb152d0d57e0f33e8f81fcdb7d657f0bb2d3d496d8920cee214688e81e7', 'bb8fd3f1e345183f', '8dc5ba681d5d0d8a9c99471f978d916f4790048c50438c34fe8607824df3a5a7', '[[0, "take_upcard"], [0, "discard QD"], [1, "draw_stock"], [1, "discard KS"], [0, "take_discard"], [0, "discard QS"], [1, "draw_stock"], [1, "discard QC"], [0, "draw_stock"], [0, "discard KS"], [1, "draw_stock"], [1, "discard JS"], [0, "draw_stock"], [0, "discard 9H"], [1, "draw_stock"], [1, "discard JD"], [0, "draw_stock"], [0, "discard 4H"], [1, "draw_stock"], [1, "knock 8D"]]', true, 1, 11, 'knock', '2026-12-06 07:26:39.407253+00', '2026-12-06 07:26:39.540353+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (2, 2, 0, 'a22e79e3927e4f829bce451b6c665100da688d1160e91713c5522ed2b0d39c91', 'bb8fd3f1e345183f', '32cb7b96d4df61db0a84ff416de0beb930cc31f085fedef7cafaf4b4bf66f063', '[[1, "pass"]]', false, NULL, 0, NULL, '2026-12-06 07:26:39.554725+00', NULL, 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (3, 1, 1, 'e6e73e7be7f38c6497a01a53ea94896808e0c501e257a81d82632794a80e48fc', 'e9ed5a4074259664fc7ebe854397b5d2d990fa6394f2510fa3971ae2d8f4c39a', 'fda4c138dac776d6f7cf8cac3a32ecff1c385e58b8561b7250e52473f96af224', '[]', false, NULL, 0, NULL, '2026-12-06 07:26:40.664863+00', NULL, '["bbda42bda4cc8de3", "652ab4438b8960f8"]');



INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (1, 'cde75c068c06befbd6fb39e93f33a032', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'easy', 'a601d44ed47e8ae7', NULL, 6, true, NULL, 'null', '2026-12-06 07:26:34.440543+00', '2026-12-06 07:26:39.363584+00', 0, 128, false, NULL, NULL, NULL, NULL, 'null', '', NULL, NULL, 'null');
INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (2, 'cde75c068c06befbd6fb39e93f33a032', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'standard', 'bb8fd3f1e345183f', NULL, 2, false, NULL, 'null', '2026-12-06 07:26:39.406628+00', '2026-12-06 07:26:39.554801+00', 0, 140, false, NULL, NULL, NULL, NULL, 'null', '', NULL, NULL, 'null');
INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (3, '2afa0af278c7f83149b6df09d6fd9108', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'standard', 'bbda42bda4cc8de3', NULL, 1, false, NULL, 'null', '2026-12-06 07:26:40.619053+00', '2026-12-06 07:26:40.619069+00', 0, 1, true, '8s9ToTAABQsBMtnohVANYFIqgFoHupzk', 'accepted', '2026-12-07 07:26:40.618859+00', '0726e25ac09ca834205bce7abd935a92', '["Carol", "Dave"]', '652ab4438b8960f8', '2026-12-06 07:26:40.618878+00', '2026-12-06 07:26:40.662848+00', '["bbda42bda4cc8de3", "652ab4438b8960f8"]');



INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at, arranged, arranged_for, opened_at) VALUES ('cde75c068c06befbd6fb39e93f33a032', 2, 140, 'rank', NULL, 'pass:QS', '2026-12-06 07:26:39.554961+00', NULL, NULL, '2026-12-06 07:26:39.411601+00');
INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at, arranged, arranged_for, opened_at) VALUES ('2afa0af278c7f83149b6df09d6fd9108', 3, 1, 'rank', NULL, '', '2026-12-06 07:26:40.620871+00', NULL, NULL, '2026-12-06 07:26:40.620846+00');
INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at, arranged, arranged_for, opened_at) VALUES ('0726e25ac09ca834205bce7abd935a92', 3, 1, 'rank', NULL, '', '2026-12-06 07:26:40.66672+00', NULL, NULL, '2026-12-06 07:26:40.666696+00');






INSERT INTO score_sheet (id, session_id, share_token, title, document, version, created_at, updated_at, redo, previous_id) VALUES (1, '705be693fa7764c737e18a2ec9b91fdb', 'RkRKBX7h_KTfWXn1yKXanMhT', 'Ann v Bob', '{
 "format": "gin-rummy-score-sheet",
 "version": 1,
 "names": [
  "Ann",
  "Bob"
 ],
 "options": {
  "rules": {
   "target": 100,
   "knock_limit": 10,
   "gin_bonus": 25,
   "undercut_bonus": 25,
   "big_gin": false,
   "big_gin_bonus": 31,
   "box_bonus": 20,
   "game_bonus": 100,
   "shutout": true,
   "oklahoma": false,
   "oklahoma_spade_double": false,
   "straight_gin": false,
   "round_the_corner": false,
   "loser_deals": false,
   "knocker_best_arrangement": false,
   "hollywood": false
  },
  "hollywood": false,
  "players": 2,
  "first_dealer": 0,
  "first_sitter": 2
 },
 "hands": [
  {
   "kind": "knock",
   "knocker": 0,
   "knocker_deadwood": 5,
   "defender_deadwood": 30
  },
  {
   "kind": "gin",
   "knocker": 1,
   "knocker_deadwood": 0,
   "defender_deadwood": 12
  },
  {
   "kind": "knock",
   "knocker": 1,
   "knocker_deadwood": 9,
   "defender_deadwood": 4
  }
 ]
}', 3, '2026-12-06 07:26:39.652277+00', '2026-12-06 07:26:40.457608+00', NULL, NULL);
INSERT INTO score_sheet (id, session_id, share_token, title, document, version, created_at, updated_at, redo, previous_id) VALUES (2, '705be693fa7764c737e18a2ec9b91fdb', 'l1PzSV-fKLZ1xeKQ0i9y3qFr', 'Ann v Bob', '{
 "format": "gin-rummy-score-sheet",
 "version": 1,
 "names": [
  "Ann",
  "Bob"
 ],
 "options": {
  "rules": {
   "target": 100,
   "knock_limit": 10,
   "gin_bonus": 25,
   "undercut_bonus": 25,
   "big_gin": false,
   "big_gin_bonus": 31,
   "box_bonus": 20,
   "game_bonus": 100,
   "shutout": true,
   "oklahoma": false,
   "oklahoma_spade_double": false,
   "straight_gin": false,
   "round_the_corner": false,
   "loser_deals": false,
   "knocker_best_arrangement": false,
   "hollywood": false
  },
  "hollywood": false,
  "players": 2,
  "first_dealer": 0,
  "first_sitter": 2
 },
 "hands": []
}', 0, '2026-12-06 07:26:40.480783+00', '2026-12-06 07:26:40.480783+00', NULL, NULL);






SELECT pg_catalog.setval('daily_play_id_seq', 1, false);



SELECT pg_catalog.setval('play_match_id_seq', 3, true);



SELECT pg_catalog.setval('score_sheet_id_seq', 2, true);



SELECT pg_catalog.setval('set_aside_row_id_seq', 1, false);



ALTER TABLE ONLY alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);



ALTER TABLE ONLY access_code
    ADD CONSTRAINT pk_access_code PRIMARY KEY (code_hash);



ALTER TABLE ONLY browser_session
    ADD CONSTRAINT pk_browser_session PRIMARY KEY (id);



ALTER TABLE ONLY browser_stats
    ADD CONSTRAINT pk_browser_stats PRIMARY KEY (session_id);



ALTER TABLE ONLY browser_token
    ADD CONSTRAINT pk_browser_token PRIMARY KEY (token_hash);



ALTER TABLE ONLY daily_deal
    ADD CONSTRAINT pk_daily_deal PRIMARY KEY (day);



ALTER TABLE ONLY daily_play
    ADD CONSTRAINT pk_daily_play PRIMARY KEY (id);



ALTER TABLE ONLY display_prefs
    ADD CONSTRAINT pk_display_prefs PRIMARY KEY (session_id);



ALTER TABLE ONLY fair_use_counter
    ADD CONSTRAINT pk_fair_use_counter PRIMARY KEY (key);



ALTER TABLE ONLY hand_review
    ADD CONSTRAINT pk_hand_review PRIMARY KEY (match_id, number, seat);



ALTER TABLE ONLY instance_setting
    ADD CONSTRAINT pk_instance_setting PRIMARY KEY (key);



ALTER TABLE ONLY learn_lesson
    ADD CONSTRAINT pk_learn_lesson PRIMARY KEY (session_id);



ALTER TABLE ONLY match_stats
    ADD CONSTRAINT pk_match_stats PRIMARY KEY (match_id, seat);



ALTER TABLE ONLY operator_session
    ADD CONSTRAINT pk_operator_session PRIMARY KEY (token_hash);



ALTER TABLE ONLY play_hand
    ADD CONSTRAINT pk_play_hand PRIMARY KEY (match_id, number);



ALTER TABLE ONLY play_match
    ADD CONSTRAINT pk_play_match PRIMARY KEY (id);



ALTER TABLE ONLY play_seat
    ADD CONSTRAINT pk_play_seat PRIMARY KEY (session_id, match_id);



ALTER TABLE ONLY practice_hand
    ADD CONSTRAINT pk_practice_hand PRIMARY KEY (session_id);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT pk_score_sheet PRIMARY KEY (id);



ALTER TABLE ONLY set_aside_row
    ADD CONSTRAINT pk_set_aside_row PRIMARY KEY (id);



ALTER TABLE ONLY daily_play
    ADD CONSTRAINT uq_daily_play_session_day_attempt UNIQUE (session_id, day, attempt);



ALTER TABLE ONLY play_match
    ADD CONSTRAINT uq_play_match_invite_token UNIQUE (invite_token);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT uq_score_sheet_previous_id UNIQUE (previous_id);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT uq_score_sheet_share_token UNIQUE (share_token);



CREATE INDEX ix_access_code_session_id ON access_code USING btree (session_id);



CREATE INDEX ix_browser_session_last_seen ON browser_session USING btree (last_seen);



CREATE INDEX ix_browser_token_session_id ON browser_token USING btree (session_id);



CREATE INDEX ix_daily_play_day ON daily_play USING btree (day);



CREATE INDEX ix_daily_play_session_id ON daily_play USING btree (session_id);



CREATE INDEX ix_operator_session_expires_at ON operator_session USING btree (expires_at);



CREATE INDEX ix_play_match_guest_session_id ON play_match USING btree (guest_session_id);



CREATE INDEX ix_play_match_session_id ON play_match USING btree (session_id);



CREATE INDEX ix_play_seat_match_id ON play_seat USING btree (match_id);



CREATE INDEX ix_practice_hand_match_id ON practice_hand USING btree (match_id);



CREATE INDEX ix_score_sheet_session_id ON score_sheet USING btree (session_id);



CREATE INDEX ix_score_sheet_updated_at ON score_sheet USING btree (updated_at);



CREATE INDEX ix_set_aside_row_session_id ON set_aside_row USING btree (session_id);



ALTER TABLE ONLY access_code
    ADD CONSTRAINT fk_access_code_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY browser_stats
    ADD CONSTRAINT fk_browser_stats_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY browser_token
    ADD CONSTRAINT fk_browser_token_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY daily_play
    ADD CONSTRAINT fk_daily_play_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY display_prefs
    ADD CONSTRAINT fk_display_prefs_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY hand_review
    ADD CONSTRAINT fk_hand_review_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



ALTER TABLE ONLY learn_lesson
    ADD CONSTRAINT fk_learn_lesson_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY match_stats
    ADD CONSTRAINT fk_match_stats_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



ALTER TABLE ONLY play_hand
    ADD CONSTRAINT fk_play_hand_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



ALTER TABLE ONLY play_match
    ADD CONSTRAINT fk_play_match_guest_session_id_browser_session FOREIGN KEY (guest_session_id) REFERENCES browser_session(id) ON DELETE SET NULL;



ALTER TABLE ONLY play_match
    ADD CONSTRAINT fk_play_match_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY play_seat
    ADD CONSTRAINT fk_play_seat_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



ALTER TABLE ONLY play_seat
    ADD CONSTRAINT fk_play_seat_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY practice_hand
    ADD CONSTRAINT fk_practice_hand_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



ALTER TABLE ONLY practice_hand
    ADD CONSTRAINT fk_practice_hand_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT fk_score_sheet_previous_id_score_sheet FOREIGN KEY (previous_id) REFERENCES score_sheet(id) ON DELETE SET NULL;



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT fk_score_sheet_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;
