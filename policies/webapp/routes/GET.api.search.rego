# GET /api/search: full-text search. Anyone may ask (anonymous callers find public documents); the
# results are filtered by check.can_read, as the document list is.
package webapp.GET.api.search

import data.webapp.location
import rego.v1

default allowed := false

allowed if location.permitted
