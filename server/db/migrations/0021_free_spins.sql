-- Reserved for this area; replaced by its tables.
SELECT 1;
