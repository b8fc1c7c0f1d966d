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
    updated_at timestamp with time zone NOT NULL
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



ALTER TABLE ONLY play_match ALTER COLUMN id SET DEFAULT nextval('play_match_id_seq'::regclass);



ALTER TABLE ONLY score_sheet ALTER COLUMN id SET DEFAULT nextval('score_sheet_id_seq'::regclass);



INSERT INTO access_code (code_hash, session_id, kind, created_at, expires_at, used_at) VALUES ('f9e5715816a44ba0a1e834030035bd11e59b2c243304036067df1477e3e31330', 'OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', 'device', '2026-12-06 05:09:53.031238+00', '2026-12-06 05:19:53.031238+00', NULL);
INSERT INTO access_code (code_hash, session_id, kind, created_at, expires_at, used_at) VALUES ('c813910bda156ee6b1b32872cc863dfbbfca99a9bdaf8b365c7aa7636c16774b', 'OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', 'recovery', '2026-12-06 05:09:53.049008+00', NULL, NULL);



INSERT INTO alembic_version (version_num) VALUES ('0021');



INSERT INTO browser_session (id, created_at, last_seen) VALUES ('OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', '2026-12-06 05:09:50.802657+00', '2026-12-06 05:09:50.802657+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('vat9EuwpxSH7lmQgCDmkYdrnrkQXr3_Ub2Vv_ZoW4UI', '2026-12-06 05:09:50.827714+00', '2026-12-06 05:09:50.827714+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('XEPeVP36Rw3FE3nsxA-6NnvaeOLwBL8p16UAleTG8U0', '2026-12-06 05:09:50.838526+00', '2026-12-06 05:09:50.838526+00');
INSERT INTO browser_session (id, created_at, last_seen) VALUES ('xjYOB9SJbJlh1Ny03yvXwwfp6BVtFWOqkjeBC5BNIB8', '2026-12-06 05:09:50.846518+00', '2026-12-06 05:09:50.846518+00');



INSERT INTO display_prefs (session_id, card_size, deck, theme, motion, computer_speed, updated_at, card_back, felt, sound, vibration, language) VALUES ('OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', 'large', 'four', 'dark', 'device', 'normal', '2026-12-06 05:09:53.017053+00', 'green', 'grey', 'on', 'off', 'auto');



INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 1, 'done', '[{"index": 1, "chosen": "pass", "best": "pass", "chosen_chance": 0.46270686705641895, "best_chance": 0.46270686705641895, "loss": 0.0, "mark": ""}, {"index": 4, "chosen": "discard 3C", "best": "discard 9C", "chosen_chance": 0.4607559375063904, "best_chance": 0.5293477543869697, "loss": 6.86, "mark": "inaccuracy"}, {"index": 7, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.459619058164853, "best_chance": 0.4749340108352234, "loss": 1.53, "mark": ""}, {"index": 8, "chosen": "discard 7H", "best": "discard JD", "chosen_chance": 0.46746375277847046, "best_chance": 0.5127538771801194, "loss": 4.53, "mark": ""}, {"index": 11, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.4662964119602455, "best_chance": 0.4662964119602455, "loss": 0.0, "mark": ""}, {"index": 12, "chosen": "discard JD", "best": "discard 7S", "chosen_chance": 0.46997025251093033, "best_chance": 0.49182268894102, "loss": 2.19, "mark": ""}, {"index": 15, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.44889932676401373, "best_chance": 0.4678423630709601, "loss": 1.89, "mark": ""}, {"index": 16, "chosen": "discard 2H", "best": "discard 7S", "chosen_chance": 0.46650468426979325, "best_chance": 0.48546589630092263, "loss": 1.9, "mark": ""}, {"index": 19, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.4461521803674792, "best_chance": 0.4461521803674792, "loss": 0.0, "mark": ""}, {"index": 20, "chosen": "discard TS", "best": "discard 7S", "chosen_chance": 0.47247521298277667, "best_chance": 0.522821772979102, "loss": 5.03, "mark": "inaccuracy"}, {"index": 23, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.5381830494572004, "best_chance": 0.5381830494572004, "loss": 0.0, "mark": ""}, {"index": 24, "chosen": "discard 7S", "best": "discard 6H", "chosen_chance": 0.45609302850949707, "best_chance": 0.5192778976353267, "loss": 6.32, "mark": "inaccuracy"}, {"index": 27, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.5378435814358146, "best_chance": 0.5766865534684622, "loss": 3.88, "mark": ""}, {"index": 28, "chosen": "discard 6H", "best": "discard 6H", "chosen_chance": 0.47784737129275645, "best_chance": 0.47784737129275645, "loss": 0.0, "mark": ""}]', 2.349, '2026-12-06 05:09:51.11679+00', '2026-12-06 05:09:53.467578+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 2, 'done', '[{"index": 2, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.46801055276940834, "best_chance": 0.46801055276940834, "loss": 0.0, "mark": ""}, {"index": 3, "chosen": "discard TC", "best": "discard 8D", "chosen_chance": 0.4042127336508599, "best_chance": 0.47349042484729637, "loss": 6.93, "mark": "inaccuracy"}, {"index": 6, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.47337541531653377, "best_chance": 0.47337541531653377, "loss": 0.0, "mark": ""}, {"index": 7, "chosen": "discard TH", "best": "discard 9C", "chosen_chance": 0.3443630093419548, "best_chance": 0.4168648543502526, "loss": 7.25, "mark": "inaccuracy"}, {"index": 10, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.4103199515932678, "best_chance": 0.4103199515932678, "loss": 0.0, "mark": ""}, {"index": 11, "chosen": "discard KS", "best": "discard KS", "chosen_chance": 0.42864953245707677, "best_chance": 0.42864953245707677, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.4086551319938117, "best_chance": 0.4086551319938117, "loss": 0.0, "mark": ""}, {"index": 15, "chosen": "discard QH", "best": "discard QH", "chosen_chance": 0.44774316779168305, "best_chance": 0.44774316779168305, "loss": 0.0, "mark": ""}, {"index": 18, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.4246847608910733, "best_chance": 0.4246847608910733, "loss": 0.0, "mark": ""}, {"index": 19, "chosen": "discard 8D", "best": "discard 5H", "chosen_chance": 0.3841044145327863, "best_chance": 0.4543839912109369, "loss": 7.03, "mark": "inaccuracy"}, {"index": 22, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.42340647125535286, "best_chance": 0.48325409640374234, "loss": 5.98, "mark": "inaccuracy"}, {"index": 23, "chosen": "discard 7D", "best": "discard 6S", "chosen_chance": 0.4036268295048262, "best_chance": 0.4147610094903251, "loss": 1.11, "mark": ""}, {"index": 26, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.38881206778545147, "best_chance": 0.46581966617044096, "loss": 7.7, "mark": "inaccuracy"}, {"index": 27, "chosen": "discard QC", "best": "discard QC", "chosen_chance": 0.45251535589193526, "best_chance": 0.45251535589193526, "loss": 0.0, "mark": ""}, {"index": 30, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.43643997213643143, "best_chance": 0.4397686934412455, "loss": 0.33, "mark": ""}, {"index": 31, "chosen": "discard JH", "best": "discard 5H", "chosen_chance": 0.3949707999355234, "best_chance": 0.4653202196128306, "loss": 7.03, "mark": "inaccuracy"}]', 0.286, '2026-12-06 05:09:51.531051+00', '2026-12-06 05:09:53.755456+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 3, 'done', '[{"index": 1, "chosen": "pass", "best": "take_upcard", "chosen_chance": 0.283428276781757, "best_chance": 0.30025098034569037, "loss": 1.68, "mark": ""}, {"index": 4, "chosen": "discard QC", "best": "discard KH", "chosen_chance": 0.26180963321576983, "best_chance": 0.32382588262624773, "loss": 6.2, "mark": "inaccuracy"}, {"index": 7, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.30318485551804325, "best_chance": 0.30318485551804325, "loss": 0.0, "mark": ""}, {"index": 8, "chosen": "discard JS", "best": "discard 8C", "chosen_chance": 0.3122725885819926, "best_chance": 0.34901290075949837, "loss": 3.67, "mark": ""}, {"index": 11, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.31178470721183565, "best_chance": 0.34036521121992425, "loss": 2.86, "mark": ""}, {"index": 12, "chosen": "discard 8C", "best": "discard 3D", "chosen_chance": 0.34310432484113923, "best_chance": 0.3873904914569581, "loss": 4.43, "mark": ""}, {"index": 15, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.36357546443064875, "best_chance": 0.36357546443064875, "loss": 0.0, "mark": ""}, {"index": 16, "chosen": "discard TC", "best": "discard 8S", "chosen_chance": 0.3340756486323481, "best_chance": 0.33833370369188964, "loss": 0.43, "mark": ""}, {"index": 19, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.2915334018224783, "best_chance": 0.2915334018224783, "loss": 0.0, "mark": ""}, {"index": 20, "chosen": "discard KC", "best": "discard KC", "chosen_chance": 0.3363333545979137, "best_chance": 0.3363333545979137, "loss": 0.0, "mark": ""}, {"index": 23, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.2794021317630853, "best_chance": 0.280087219747662, "loss": 0.07, "mark": ""}, {"index": 24, "chosen": "discard 8H", "best": "discard 8S", "chosen_chance": 0.27669658548267123, "best_chance": 0.3008990768686171, "loss": 2.42, "mark": ""}, {"index": 27, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.33720410057524863, "best_chance": 0.33720410057524863, "loss": 0.0, "mark": ""}, {"index": 28, "chosen": "discard 8S", "best": "discard 3H", "chosen_chance": 0.2852716504184595, "best_chance": 0.31627303277530733, "loss": 3.1, "mark": ""}, {"index": 31, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.32293516272211115, "best_chance": 0.32293516272211115, "loss": 0.0, "mark": ""}, {"index": 32, "chosen": "discard KH", "best": "discard JC", "chosen_chance": 0.20714106462180362, "best_chance": 0.3073176593059867, "loss": 10.02, "mark": "mistake"}, {"index": 35, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.2854261085811826, "best_chance": 0.2854261085811826, "loss": 0.0, "mark": ""}, {"index": 36, "chosen": "discard JC", "best": "discard QH", "chosen_chance": 0.20232714886752148, "best_chance": 0.22567245927137994, "loss": 2.33, "mark": ""}, {"index": 39, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.2219572590778548, "best_chance": 0.2619351768746091, "loss": 4.0, "mark": ""}, {"index": 40, "chosen": "discard JH", "best": "discard JH", "chosen_chance": 0.27730029718620397, "best_chance": 0.27730029718620397, "loss": 0.0, "mark": ""}, {"index": 43, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.32161183294327944, "best_chance": 0.32161183294327944, "loss": 0.0, "mark": ""}, {"index": 44, "chosen": "discard QD", "best": "discard 7C", "chosen_chance": 0.26645918007457614, "best_chance": 0.2927758920762504, "loss": 2.63, "mark": ""}, {"index": 47, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.263277179610413, "best_chance": 0.263277179610413, "loss": 0.0, "mark": ""}, {"index": 48, "chosen": "discard QH", "best": "discard 7C", "chosen_chance": 0.22618987826792195, "best_chance": 0.2337858235606817, "loss": 0.76, "mark": ""}, {"index": 51, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.2951002374763281, "best_chance": 0.2951002374763281, "loss": 0.0, "mark": ""}, {"index": 52, "chosen": "discard JD", "best": "discard 7C", "chosen_chance": 0.2736103299747454, "best_chance": 0.28961413916645723, "loss": 1.6, "mark": ""}, {"index": 55, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.2518493837972176, "best_chance": 0.29415259201256255, "loss": 4.23, "mark": ""}, {"index": 56, "chosen": "discard 9D", "best": "discard 7C", "chosen_chance": 0.2812110387101819, "best_chance": 0.32216148701098407, "loss": 4.1, "mark": ""}, {"index": 59, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.27574520179885503, "best_chance": 0.28859108999537214, "loss": 1.28, "mark": ""}, {"index": 60, "chosen": "discard TD", "best": "discard QS", "chosen_chance": 0.25715001164180157, "best_chance": 0.25715001164180157, "loss": 0.0, "mark": ""}, {"index": 63, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.3090676071933798, "best_chance": 0.3090676071933798, "loss": 0.0, "mark": ""}, {"index": 64, "chosen": "discard KD", "best": "discard QS", "chosen_chance": 0.20625958412112597, "best_chance": 0.20625958412112597, "loss": 0.0, "mark": ""}]', 0.531, '2026-12-06 05:09:52.121885+00', '2026-12-06 05:09:54.288339+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 4, 'done', '[{"index": 3, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.1455309893479588, "best_chance": 0.1455309893479588, "loss": 0.0, "mark": ""}, {"index": 4, "chosen": "discard QC", "best": "discard QC", "chosen_chance": 0.1603384717136362, "best_chance": 0.1603384717136362, "loss": 0.0, "mark": ""}, {"index": 7, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.15365998494161964, "best_chance": 0.17934736091701345, "loss": 2.57, "mark": ""}, {"index": 8, "chosen": "discard JS", "best": "discard KS", "chosen_chance": 0.14752631976009478, "best_chance": 0.14752631976009478, "loss": 0.0, "mark": ""}, {"index": 11, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.1834134985623278, "best_chance": 0.20417307406785543, "loss": 2.08, "mark": ""}, {"index": 12, "chosen": "discard TH", "best": "discard 9D", "chosen_chance": 0.136675547074911, "best_chance": 0.1469864868806119, "loss": 1.03, "mark": ""}]', 0.133, '2026-12-06 05:09:52.277918+00', '2026-12-06 05:09:54.422887+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (1, 5, 'done', '[{"index": 1, "chosen": "pass", "best": "pass", "chosen_chance": 0.07034269104801226, "best_chance": 0.07034269104801226, "loss": 0.0, "mark": ""}, {"index": 4, "chosen": "discard 4D", "best": "discard 8H", "chosen_chance": 0.03949737150569677, "best_chance": 0.0693936200387859, "loss": 2.99, "mark": ""}, {"index": 7, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.04945525908653003, "best_chance": 0.059329939821949125, "loss": 0.99, "mark": ""}, {"index": 8, "chosen": "discard TC", "best": "discard 7D", "chosen_chance": 0.04814939635432522, "best_chance": 0.05111237950712114, "loss": 0.3, "mark": ""}, {"index": 11, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.05114997577570116, "best_chance": 0.05114997577570116, "loss": 0.0, "mark": ""}, {"index": 12, "chosen": "discard QC", "best": "discard 7D", "chosen_chance": 0.029046897907767304, "best_chance": 0.04215470340585923, "loss": 1.31, "mark": ""}, {"index": 15, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.057533012812879425, "best_chance": 0.057533012812879425, "loss": 0.0, "mark": ""}, {"index": 16, "chosen": "discard KC", "best": "discard 7D", "chosen_chance": 0.038629521624736776, "best_chance": 0.04546829045404518, "loss": 0.68, "mark": ""}, {"index": 19, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.03303524924142997, "best_chance": 0.033899667950200905, "loss": 0.09, "mark": ""}, {"index": 20, "chosen": "discard KS", "best": "discard 7D", "chosen_chance": 0.050555282367524296, "best_chance": 0.06159949321379841, "loss": 1.1, "mark": ""}, {"index": 23, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.047865356343305805, "best_chance": 0.047865356343305805, "loss": 0.0, "mark": ""}, {"index": 24, "chosen": "discard 9S", "best": "discard 6H", "chosen_chance": 0.03328877624983233, "best_chance": 0.04958364637703816, "loss": 1.63, "mark": ""}, {"index": 27, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.040735181440209614, "best_chance": 0.04828055374805312, "loss": 0.75, "mark": ""}, {"index": 28, "chosen": "discard 8H", "best": "discard 7D", "chosen_chance": 0.051778993418980956, "best_chance": 0.059875215653392294, "loss": 0.81, "mark": ""}, {"index": 31, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.06918121562441035, "best_chance": 0.06918121562441035, "loss": 0.0, "mark": ""}, {"index": 32, "chosen": "discard 8D", "best": "discard 8D", "chosen_chance": 0.0774277685728561, "best_chance": 0.0774277685728561, "loss": 0.0, "mark": ""}, {"index": 35, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.043173195439445276, "best_chance": 0.07151742022879563, "loss": 2.83, "mark": ""}, {"index": 36, "chosen": "discard 7D", "best": "discard 6H", "chosen_chance": 0.04854562761526652, "best_chance": 0.06428547118823967, "loss": 1.57, "mark": ""}, {"index": 39, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.0751324596091923, "best_chance": 0.0751324596091923, "loss": 0.0, "mark": ""}, {"index": 40, "chosen": "discard TS", "best": "discard 6H", "chosen_chance": 0.024984821509313245, "best_chance": 0.03731518635287593, "loss": 1.23, "mark": ""}]', 0.463, '2026-12-06 05:09:52.666784+00', '2026-12-06 05:09:54.887645+00', 0);
INSERT INTO hand_review (match_id, number, status, ratings, seconds, created_at, finished_at, seat) VALUES (2, 1, 'done', '[{"index": 1, "chosen": "take_upcard", "best": "take_upcard", "chosen_chance": 0.5190819936313255, "best_chance": 0.5190819936313255, "loss": 0.0, "mark": ""}, {"index": 2, "chosen": "discard QC", "best": "discard 8H", "chosen_chance": 0.5317198986017192, "best_chance": 0.5681226408963808, "loss": 3.64, "mark": ""}, {"index": 5, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.48688693902407243, "best_chance": 0.5619039852286457, "loss": 7.5, "mark": "inaccuracy"}, {"index": 6, "chosen": "discard QH", "best": "discard 7H", "chosen_chance": 0.4978021838679818, "best_chance": 0.5165354205009868, "loss": 1.87, "mark": ""}, {"index": 9, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.5746179215257285, "best_chance": 0.5746179215257285, "loss": 0.0, "mark": ""}, {"index": 10, "chosen": "discard QS", "best": "discard 6S", "chosen_chance": 0.5271785644468322, "best_chance": 0.5688165454246954, "loss": 4.16, "mark": ""}, {"index": 13, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.5294814394305337, "best_chance": 0.5294814394305337, "loss": 0.0, "mark": ""}, {"index": 14, "chosen": "discard 8H", "best": "discard 6S", "chosen_chance": 0.5041350124363321, "best_chance": 0.5647180367245711, "loss": 6.06, "mark": "inaccuracy"}, {"index": 17, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.45887738470358735, "best_chance": 0.45887738470358735, "loss": 0.0, "mark": ""}, {"index": 18, "chosen": "discard QD", "best": "discard QD", "chosen_chance": 0.5257797472230354, "best_chance": 0.5257797472230354, "loss": 0.0, "mark": ""}, {"index": 21, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.43328500236395856, "best_chance": 0.513351494664001, "loss": 8.01, "mark": "inaccuracy"}, {"index": 22, "chosen": "discard JC", "best": "discard 7H", "chosen_chance": 0.4616623883471313, "best_chance": 0.5014340227554527, "loss": 3.98, "mark": ""}, {"index": 25, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.49684245581392844, "best_chance": 0.5186306332198055, "loss": 2.18, "mark": ""}, {"index": 26, "chosen": "discard TH", "best": "discard 6C", "chosen_chance": 0.42719298629771996, "best_chance": 0.5351514358171809, "loss": 10.8, "mark": "mistake"}, {"index": 29, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.4214599928976037, "best_chance": 0.4257353785730123, "loss": 0.43, "mark": ""}, {"index": 30, "chosen": "discard TC", "best": "discard TC", "chosen_chance": 0.4293652224921056, "best_chance": 0.4293652224921056, "loss": 0.0, "mark": ""}, {"index": 33, "chosen": "draw_stock", "best": "take_discard", "chosen_chance": 0.37644535828450637, "best_chance": 0.4238497633025929, "loss": 4.74, "mark": ""}, {"index": 34, "chosen": "discard TD", "best": "discard 9H", "chosen_chance": 0.43163997853145425, "best_chance": 0.46364517446480097, "loss": 3.2, "mark": ""}, {"index": 37, "chosen": "take_discard", "best": "draw_stock", "chosen_chance": 0.3743476881795911, "best_chance": 0.4495527564138521, "loss": 7.52, "mark": "inaccuracy"}, {"index": 38, "chosen": "discard JD", "best": "discard JH", "chosen_chance": 0.4869069464341975, "best_chance": 0.4869069464341975, "loss": 0.0, "mark": ""}, {"index": 41, "chosen": "draw_stock", "best": "draw_stock", "chosen_chance": 0.45635788468676536, "best_chance": 0.45635788468676536, "loss": 0.0, "mark": ""}, {"index": 42, "chosen": "discard JH", "best": "discard JH", "chosen_chance": 0.3767895803825943, "best_chance": 0.3767895803825943, "loss": 0.0, "mark": ""}, {"index": 45, "chosen": "take_discard", "best": "take_discard", "chosen_chance": 0.4510302986969223, "best_chance": 0.4510302986969223, "loss": 0.0, "mark": ""}, {"index": 46, "chosen": "discard 9H", "best": "discard 9H", "chosen_chance": 0.4105119528663159, "best_chance": 0.4105119528663159, "loss": 0.0, "mark": ""}]', 0.366, '2026-12-06 05:09:52.980197+00', '2026-12-06 05:09:55.254735+00', 0);






INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 1, 1, 'b73fb6ee8affaf6efc0c048abacea0cedecbe40f01af3c91da9109663bd3a026', 'a25c809504720d84', 'db7a82261b0b4dfc68e8097e7aec5f7aa224d05e97b133907a2a61a56738521c', '[[0, "pass"], [1, "pass"], [0, "draw_stock"], [0, "discard 3C"], [1, "draw_stock"], [1, "discard QS"], [0, "draw_stock"], [0, "discard 7H"], [1, "draw_stock"], [1, "discard TH"], [0, "draw_stock"], [0, "discard JD"], [1, "draw_stock"], [1, "discard 6H"], [0, "take_discard"], [0, "discard 2H"], [1, "draw_stock"], [1, "discard TC"], [0, "draw_stock"], [0, "discard TS"], [1, "take_discard"], [1, "discard 9D"], [0, "take_discard"], [0, "discard 7S"], [1, "take_discard"], [1, "discard 7C"], [0, "take_discard"], [0, "discard 6H"], [1, "take_discard"], [1, "knock 6C"]]', true, 1, 11, 'knock', '2026-12-06 05:09:50.878076+00', '2026-12-06 05:09:51.114199+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 2, 0, 'ccc2e1cba4dc2239d02e32f379b8a99d3db7e64578e62fd865bae6a6e56cb090', 'a25c809504720d84', '23f3bf55bd9c20054fb411d671b2e3ce1b2bee21e50dc6900b8a69ca5e043431', '[[1, "pass"], [0, "take_upcard"], [0, "discard TC"], [1, "draw_stock"], [1, "discard KH"], [0, "draw_stock"], [0, "discard TH"], [1, "draw_stock"], [1, "discard QH"], [0, "take_discard"], [0, "discard KS"], [1, "draw_stock"], [1, "discard 9S"], [0, "take_discard"], [0, "discard QH"], [1, "draw_stock"], [1, "discard 6S"], [0, "take_discard"], [0, "discard 8D"], [1, "draw_stock"], [1, "discard QC"], [0, "take_discard"], [0, "discard 7D"], [1, "draw_stock"], [1, "discard JH"], [0, "take_discard"], [0, "discard QC"], [1, "draw_stock"], [1, "discard 8C"], [0, "draw_stock"], [0, "discard JH"], [1, "draw_stock"], [1, "knock 6H"]]', true, 1, 20, 'knock', '2026-12-06 05:09:51.143601+00', '2026-12-06 05:09:51.524524+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 3, 1, '7f79a09f89daa39025b270850b17b2ddb204ef593c380fba2441fcd21d37b674', 'a25c809504720d84', '86ff1d4e6a424516a2f8c1c57d25898a43f9fe0fdc06951722761256dd0fe57f', '[[0, "pass"], [1, "pass"], [0, "draw_stock"], [0, "discard QC"], [1, "draw_stock"], [1, "discard KS"], [0, "draw_stock"], [0, "discard JS"], [1, "draw_stock"], [1, "discard KC"], [0, "take_discard"], [0, "discard 8C"], [1, "draw_stock"], [1, "discard TH"], [0, "draw_stock"], [0, "discard TC"], [1, "draw_stock"], [1, "discard 8H"], [0, "take_discard"], [0, "discard KC"], [1, "draw_stock"], [1, "discard 7D"], [0, "take_discard"], [0, "discard 8H"], [1, "draw_stock"], [1, "discard 7C"], [0, "take_discard"], [0, "discard 8S"], [1, "draw_stock"], [1, "discard 6H"], [0, "draw_stock"], [0, "discard KH"], [1, "draw_stock"], [1, "discard 7S"], [0, "draw_stock"], [0, "discard JC"], [1, "draw_stock"], [1, "discard QD"], [0, "take_discard"], [0, "discard JH"], [1, "draw_stock"], [1, "discard AD"], [0, "take_discard"], [0, "discard QD"], [1, "draw_stock"], [1, "discard 9S"], [0, "draw_stock"], [0, "discard QH"], [1, "draw_stock"], [1, "discard 6S"], [0, "draw_stock"], [0, "discard JD"], [1, "draw_stock"], [1, "discard TD"], [0, "take_discard"], [0, "discard 9D"], [1, "draw_stock"], [1, "discard 8D"], [0, "draw_stock"], [0, "discard TD"], [1, "draw_stock"], [1, "discard 9C"], [0, "draw_stock"], [0, "discard KD"], [1, "draw_stock"], [1, "knock 6D"]]', true, 1, 25, 'knock', '2026-12-06 05:09:51.552725+00', '2026-12-06 05:09:52.120125+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 4, 0, '8d85d7928ab8cae3b6001aaba9a608dc31e3ceee399c3696abc732a76829352a', 'a25c809504720d84', '2c33c98216b124d2b2fa6c6fafc498cf9c140cc2e5f2c920c9db2ef8dbb339a4', '[[1, "take_upcard"], [1, "discard KC"], [0, "draw_stock"], [0, "discard QC"], [1, "take_discard"], [1, "discard 9D"], [0, "take_discard"], [0, "discard JS"], [1, "draw_stock"], [1, "discard TC"], [0, "draw_stock"], [0, "discard TH"], [1, "draw_stock"], [1, "knock 6H"]]', true, 1, 27, 'knock', '2026-12-06 05:09:52.136537+00', '2026-12-06 05:09:52.276274+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (1, 5, 1, '9b7ae0c52e32aacee0c74ece5d0b8a72faea2119ce0bbad3521a436425e3befa', 'a25c809504720d84', '90e3d8ce627662a2e379ba35d7ecc5c689fcaee85dbde0f2ac75514acc3320b7', '[[0, "pass"], [1, "pass"], [0, "draw_stock"], [0, "discard 4D"], [1, "take_discard"], [1, "discard KS"], [0, "take_discard"], [0, "discard TC"], [1, "draw_stock"], [1, "discard KC"], [0, "take_discard"], [0, "discard QC"], [1, "draw_stock"], [1, "discard QD"], [0, "draw_stock"], [0, "discard KC"], [1, "draw_stock"], [1, "discard 9C"], [0, "draw_stock"], [0, "discard KS"], [1, "draw_stock"], [1, "discard JS"], [0, "draw_stock"], [0, "discard 9S"], [1, "draw_stock"], [1, "discard 8D"], [0, "take_discard"], [0, "discard 8H"], [1, "draw_stock"], [1, "discard JH"], [0, "draw_stock"], [0, "discard 8D"], [1, "draw_stock"], [1, "discard TS"], [0, "take_discard"], [0, "discard 7D"], [1, "draw_stock"], [1, "discard TH"], [0, "take_discard"], [0, "discard TS"], [1, "draw_stock"], [1, "knock 7H"]]', true, 1, 23, 'knock', '2026-12-06 05:09:52.292571+00', '2026-12-06 05:09:52.664859+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (2, 1, 1, '1b171bb878d68b4ede8309b31b81f3aa0057014b3907d93561c3f81d30d465f0', '36c2271bb2a0c8c1', '5a1bb9c0e95746e02b141677f8c4e75c15cbe75c973fbabb45f6e31b817fbd3d', '[[0, "take_upcard"], [0, "discard QC"], [1, "draw_stock"], [1, "discard KH"], [0, "draw_stock"], [0, "discard QH"], [1, "draw_stock"], [1, "discard KC"], [0, "draw_stock"], [0, "discard QS"], [1, "draw_stock"], [1, "discard QD"], [0, "take_discard"], [0, "discard 8H"], [1, "draw_stock"], [1, "discard 9H"], [0, "take_discard"], [0, "discard QD"], [1, "draw_stock"], [1, "discard TH"], [0, "take_discard"], [0, "discard JC"], [1, "draw_stock"], [1, "discard TC"], [0, "take_discard"], [0, "discard TH"], [1, "draw_stock"], [1, "discard TD"], [0, "take_discard"], [0, "discard TC"], [1, "draw_stock"], [1, "discard 9C"], [0, "draw_stock"], [0, "discard TD"], [1, "draw_stock"], [1, "discard 8S"], [0, "take_discard"], [0, "discard JD"], [1, "draw_stock"], [1, "discard 7C"], [0, "draw_stock"], [0, "discard JH"], [1, "draw_stock"], [1, "discard 9D"], [0, "take_discard"], [0, "discard 9H"], [1, "draw_stock"], [1, "knock 4S"]]', true, 1, 35, 'knock', '2026-12-06 05:09:52.685164+00', '2026-12-06 05:09:52.978385+00', 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (2, 2, 0, '6ede6cf9f72a9670cd2f8810480c3de913a8ebd26f03bfd7557bffff1155b60c', '36c2271bb2a0c8c1', '7dd2cbb4714c02b1a383baaaaccebc5ed2a840f1fbfa980887f5f8a08831dd78', '[[1, "pass"]]', false, NULL, 0, NULL, '2026-12-06 05:09:52.992106+00', NULL, 'null');
INSERT INTO play_hand (match_id, number, dealer, server_seed, client_seed, commitment, log, finished, winner, points, kind, created_at, finished_at, seat_seeds) VALUES (3, 1, 1, '7843f2db56d5247375e5985e7a60f1e5471cef9c8ef4031d5200be01adea0819', '45204970484ebd8b5eee5c8a744462afdc6b9d7e7a4323d18b06d3e69da0bb29', '902ae47623c18e0367c2577f6b13d6bff5a719b69d03f501b06ec784248867a0', '[]', false, NULL, 0, NULL, '2026-12-06 05:09:53.238291+00', NULL, '["72f11140b00b9417", "1a776a641bea93e7"]');



INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (1, 'OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'easy', 'a25c809504720d84', NULL, 5, true, NULL, 'null', '2026-12-06 05:09:50.875833+00', '2026-12-06 05:09:52.664084+00', 0, 96, false, NULL, NULL, NULL, NULL, 'null', '', NULL, NULL, 'null');
INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (2, 'OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'standard', '36c2271bb2a0c8c1', NULL, 2, false, NULL, 'null', '2026-12-06 05:09:52.684613+00', '2026-12-06 05:09:52.992225+00', 0, 122, false, NULL, NULL, NULL, NULL, 'null', '', NULL, NULL, 'null');
INSERT INTO play_match (id, session_id, rules, first_dealer, level, client_seed, next_server_seed, hands, over, legacy_seed, legacy_log, created_at, updated_at, hints_used, version, friend, invite_token, invite_status, invite_expires, guest_session_id, names, guest_client_seed, host_seen_at, guest_seen_at, hand_seeds) VALUES (3, 'XEPeVP36Rw3FE3nsxA-6NnvaeOLwBL8p16UAleTG8U0', '{"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin": false, "big_gin_bonus": 31, "box_bonus": 0, "game_bonus": 0, "shutout": false, "oklahoma": false, "oklahoma_spade_double": true, "straight_gin": false, "round_the_corner": false, "loser_deals": false, "knocker_best_arrangement": false, "hollywood": false}', 1, 'standard', '72f11140b00b9417', NULL, 1, false, NULL, 'null', '2026-12-06 05:09:53.216775+00', '2026-12-06 05:09:53.216784+00', 0, 1, true, 'TdhjnhLI3oQLnqm8WP5zrwN3Kt4cCdSJ', 'accepted', '2026-12-07 05:09:53.216684+00', 'xjYOB9SJbJlh1Ny03yvXwwfp6BVtFWOqkjeBC5BNIB8', '["Carol", "Dave"]', '1a776a641bea93e7', '2026-12-06 05:09:53.216693+00', '2026-12-06 05:09:53.236954+00', '["72f11140b00b9417", "1a776a641bea93e7"]');



INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at) VALUES ('OLkjCnbS_b1y32uuJWlzOGKw6Zff_d7H-_-p52b8t4s', 2, 122, 'rank', NULL, 'Computer passed on the upcard (the jack of hearts).', '2026-12-06 05:09:52.992661+00');
INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at) VALUES ('XEPeVP36Rw3FE3nsxA-6NnvaeOLwBL8p16UAleTG8U0', 3, 1, 'rank', NULL, '', '2026-12-06 05:09:53.217302+00');
INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, updated_at) VALUES ('xjYOB9SJbJlh1Ny03yvXwwfp6BVtFWOqkjeBC5BNIB8', 3, 1, 'rank', NULL, '', '2026-12-06 05:09:53.238952+00');






INSERT INTO score_sheet (id, session_id, share_token, title, document, version, created_at, updated_at, redo, previous_id) VALUES (1, 'vat9EuwpxSH7lmQgCDmkYdrnrkQXr3_Ub2Vv_ZoW4UI', 'iCGJ9fXzv1swvQtA05HLmgaV', 'Ann v Bob', '{
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
}', 3, '2026-12-06 05:09:53.055831+00', '2026-12-06 05:09:53.199557+00', NULL, NULL);
INSERT INTO score_sheet (id, session_id, share_token, title, document, version, created_at, updated_at, redo, previous_id) VALUES (2, 'vat9EuwpxSH7lmQgCDmkYdrnrkQXr3_Ub2Vv_ZoW4UI', 'ShCpXGJQzAmkEUZHrztGxoVV', 'Ann v Bob', '{
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
}', 0, '2026-12-06 05:09:53.210998+00', '2026-12-06 05:09:53.210998+00', NULL, NULL);



SELECT pg_catalog.setval('play_match_id_seq', 3, true);



SELECT pg_catalog.setval('score_sheet_id_seq', 2, true);



ALTER TABLE ONLY alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);



ALTER TABLE ONLY access_code
    ADD CONSTRAINT pk_access_code PRIMARY KEY (code_hash);



ALTER TABLE ONLY browser_session
    ADD CONSTRAINT pk_browser_session PRIMARY KEY (id);



ALTER TABLE ONLY display_prefs
    ADD CONSTRAINT pk_display_prefs PRIMARY KEY (session_id);



ALTER TABLE ONLY hand_review
    ADD CONSTRAINT pk_hand_review PRIMARY KEY (match_id, number, seat);



ALTER TABLE ONLY instance_setting
    ADD CONSTRAINT pk_instance_setting PRIMARY KEY (key);



ALTER TABLE ONLY play_hand
    ADD CONSTRAINT pk_play_hand PRIMARY KEY (match_id, number);



ALTER TABLE ONLY play_match
    ADD CONSTRAINT pk_play_match PRIMARY KEY (id);



ALTER TABLE ONLY play_seat
    ADD CONSTRAINT pk_play_seat PRIMARY KEY (session_id);



ALTER TABLE ONLY practice_hand
    ADD CONSTRAINT pk_practice_hand PRIMARY KEY (session_id);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT pk_score_sheet PRIMARY KEY (id);



ALTER TABLE ONLY play_match
    ADD CONSTRAINT uq_play_match_invite_token UNIQUE (invite_token);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT uq_score_sheet_previous_id UNIQUE (previous_id);



ALTER TABLE ONLY score_sheet
    ADD CONSTRAINT uq_score_sheet_share_token UNIQUE (share_token);



CREATE INDEX ix_access_code_session_id ON access_code USING btree (session_id);



CREATE INDEX ix_browser_session_last_seen ON browser_session USING btree (last_seen);



CREATE INDEX ix_play_match_guest_session_id ON play_match USING btree (guest_session_id);



CREATE INDEX ix_play_match_session_id ON play_match USING btree (session_id);



CREATE INDEX ix_play_seat_match_id ON play_seat USING btree (match_id);



CREATE INDEX ix_practice_hand_match_id ON practice_hand USING btree (match_id);



CREATE INDEX ix_score_sheet_session_id ON score_sheet USING btree (session_id);



CREATE INDEX ix_score_sheet_updated_at ON score_sheet USING btree (updated_at);



ALTER TABLE ONLY access_code
    ADD CONSTRAINT fk_access_code_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY display_prefs
    ADD CONSTRAINT fk_display_prefs_session_id_browser_session FOREIGN KEY (session_id) REFERENCES browser_session(id) ON DELETE CASCADE;



ALTER TABLE ONLY hand_review
    ADD CONSTRAINT fk_hand_review_match_id_play_match FOREIGN KEY (match_id) REFERENCES play_match(id) ON DELETE CASCADE;



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
