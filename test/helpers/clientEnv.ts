// fetch in jsdom has no page origin to resolve relative URLs against; the app's API base is absolute in tests.
process.env.WANDERCARDS_API_BASE = 'http://localhost/api'
