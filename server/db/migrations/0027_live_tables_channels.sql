-- Reserved for live tables channels (filled in by the change that needs it).
SELECT 1;
