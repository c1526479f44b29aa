# GET /search: the search page. Anyone may open it (without a session it finds public documents);
# the results are filtered by check.can_read, as the start page's lists are.
package webapp.GET.search

import data.webapp.location
import rego.v1

default allowed := false

allowed if location.permitted
