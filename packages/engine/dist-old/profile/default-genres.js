/**
 * The default accepted genre list of the service profile: our own list of the top-level genres
 * and common sub-genres that music stores show, written for ddex-check (not a DDEX list). A
 * platform with its own taxonomy sets `profile.genres`; an empty list accepts any genre.
 */
export const DEFAULT_GENRES = [
    'Alternative', 'Alternative Rock', 'Ambient', 'Anime', 'Blues', 'Brazilian', "Children's Music", 'Christian & Gospel',
    'Classical', 'Classical Crossover', 'Comedy', 'Country', 'Dance', 'Disco', 'Drum & Bass', 'Dubstep', 'Easy Listening',
    'Electronic', 'Electronica', 'Experimental', 'Fitness & Workout', 'Folk', 'Funk', 'German Pop', 'Gospel', 'Hard Rock',
    'Heavy Metal', 'Hip Hop', 'Hip Hop/Rap', 'House', 'Indie', 'Indie Pop', 'Indie Rock', 'Instrumental', 'J-Pop', 'Jazz',
    'K-Pop', 'Karaoke', 'Latin', 'Lo-Fi', 'Metal', 'New Age', 'Opera', 'Pop', 'Punk', 'R&B', 'R&B/Soul', 'Rap', 'Reggae',
    'Reggaeton', 'Rock', 'Singer/Songwriter', 'Soul', 'Soundtrack', 'Spoken Word', 'Techno', 'Trance', 'Vocal', 'World',
    'World Music', 'Afrobeats', 'Holiday', 'Musicals', 'Nu Disco', 'Progressive Metal', 'Synthwave', 'Dream Pop', 'Downtempo',
    'Shoegaze', 'Trap', 'Grime', 'Drill', 'Salsa', 'Flamenco', 'Bollywood', 'Cantopop', 'Mandopop', 'Chanson', 'Schlager',
    'Audiobooks', 'Podcasts',
];
//# sourceMappingURL=default-genres.js.map