# Location restrictions: a user located in a restricted country is denied all document access,
# whatever else applies (own documents included). The application puts the signed-in user's
# location, from the location service, into every check as input.resource.location.country_code
# (null when it cannot be determined).
package webapp.location

import data.webapp.common
import rego.v1

restricted_countries := {"CN", "KP", "IR"}

default permitted := false

# A request without a user carries no location; it can only ever read public documents.
permitted if common.anonymous

permitted if {
	common.identity_type == "IDENTITY_TYPE_SUB"
	country := input.resource.location.country_code
	is_string(country)
	not restricted_countries[country]
}

# A signed-in user whose location cannot be determined is denied (fail closed) unless the data
# document says otherwise: {"gatehouse": {"location": {"allow_unknown": true}}}.
permitted if {
	common.identity_type == "IDENTITY_TYPE_SUB"
	not country_known
	data.gatehouse.location.allow_unknown == true
}

# (A rule, not `not is_string(…)` inline: OPA evaluates a call on an undefined reference as
# undefined even under `not`, so an absent country would never count as unknown there.)
country_known if is_string(input.resource.location.country_code)
